import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { useGetFloorPlansQuery } from '../camerasApi';
import { LARGE_MAP_HEIGHT, LARGE_MAP_WIDTH, MINI_MAP_HEIGHT_PX } from '../constants';
import { chooseFloorPlan, type NormalizedFloorPlan } from '../floorPlans';
import { FloorPlanView, type FloorPlanViewProps } from './FloorPlanView';

export interface FloorPlanPanelProps {
  networkId: number;
  /** Ordered camera list of the network. */
  cameras: readonly Camera[];
  currentCameraId: number | undefined;
}

const NO_PLANS: NormalizedFloorPlan[] = [];

/** Mini map of the side panel with its 'Expand Map' / 'Collapse Map' toggle and the large map modal. */
export function FloorPlanPanel({ networkId, cameras, currentCameraId }: FloorPlanPanelProps) {
  const { t } = useTranslation('cameras');
  const { data: plans = NO_PLANS, isLoading, isError } = useGetFloorPlansQuery(networkId);
  const [chosenPlanId, setChosenPlanId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState(false);
  const currentCamera = cameras.find((camera) => camera.id === currentCameraId);
  const plan = chooseFloorPlan(plans, chosenPlanId, currentCamera);

  const toggle = (
    <Button
      variant="subtle"
      size="compact-sm"
      aria-expanded={expanded}
      leftSection={
        expanded ? <IconArrowsMinimize size={14} aria-hidden /> : <IconArrowsMaximize size={14} aria-hidden />
      }
      onClick={() => setExpanded((value) => !value)}
    >
      {expanded ? t('collapse-map') : t('expand-map')}
    </Button>
  );
  const viewProps: Omit<FloorPlanViewProps, 'variant' | 'height'> = {
    networkId,
    plans,
    plan,
    cameras,
    currentCamera,
    onChoosePlan: setChosenPlanId,
  };

  let mini;
  if (isLoading) {
    mini = (
      <Center h={MINI_MAP_HEIGHT_PX}>
        <Loader size="sm" />
      </Center>
    );
  } else if (isError) {
    mini = (
      <Text size="sm" c="dimmed" role="status">
        {t('floorplans-failed-to-load')}
      </Text>
    );
  } else {
    mini = <FloorPlanView {...viewProps} variant="mini" height={MINI_MAP_HEIGHT_PX} />;
  }

  return (
    <Stack gap={4} data-testid="floor-plan-panel">
      <Group justify="flex-end">{toggle}</Group>
      {!expanded && mini}
      <Modal opened={expanded} onClose={() => setExpanded(false)} size={LARGE_MAP_WIDTH} title={t('map-view')} centered>
        <Stack gap="xs">
          <Group justify="flex-end">{toggle}</Group>
          <FloorPlanView {...viewProps} variant="large" height={LARGE_MAP_HEIGHT} />
        </Stack>
      </Modal>
    </Stack>
  );
}
