import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { camerasOnPlan, hasPosition, type NormalizedFloorPlan } from '../floorPlans';
import { FloorPlanInfo } from './FloorPlanInfo';
import { FloorPlanPicker } from './FloorPlanPicker';
import { NoPlacementHelp } from './NoPlacementHelp';

// Leaflet is a large library needed only once a plan is drawn: its own chunk keeps it out of the camera page's start.
const FloorPlanMap = lazy(() => import('./FloorPlanMap').then((module) => ({ default: module.FloorPlanMap })));

export interface FloorPlanViewProps {
  networkId: number;
  plans: readonly NormalizedFloorPlan[];
  /** The plan shown (see chooseFloorPlan). */
  plan: NormalizedFloorPlan | undefined;
  cameras: readonly Camera[];
  currentCamera: Camera | undefined;
  onChoosePlan: (planId: number) => void;
  variant: 'mini' | 'large';
  height: number | string;
}

/** Picker, info, not-placed notice and the map; the no-placement help when no camera has a position. */
export function FloorPlanView(props: FloorPlanViewProps) {
  const { networkId, plans, plan, cameras, currentCamera, onChoosePlan, variant, height } = props;
  const { t } = useTranslation('cameras');
  const navigate = useNavigate();
  const placed = useMemo(() => (plan ? camerasOnPlan(cameras, plan) : []), [cameras, plan]);
  const openCamera = useCallback(
    (cameraId: number) => navigate(`/n/${networkId}/cameras/${cameraId}`),
    [navigate, networkId],
  );
  const mini = variant === 'mini';

  if (plans.length === 0 || !cameras.some(hasPosition)) return <NoPlacementHelp compact={mini} />;

  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        <FloorPlanPicker plans={plans} selectedId={plan?.id} onChange={onChoosePlan} size={mini ? 'xs' : 'sm'} />
        <FloorPlanInfo />
      </Group>
      {currentCamera && !hasPosition(currentCamera) && (
        <Text size="xs" c="dimmed" role="note" data-testid="camera-not-placed-on-map">
          {t('camera-not-placed-on-map')}
        </Text>
      )}
      {plan && (
        <Suspense
          fallback={
            <Center h={height}>
              <Loader size="sm" />
            </Center>
          }
        >
          <FloorPlanMap
            plan={plan}
            cameras={placed}
            currentCameraId={currentCamera?.id}
            onOpenCamera={openCamera}
            height={height}
            zoomControl={!mini}
          />
        </Suspense>
      )}
    </Stack>
  );
}
