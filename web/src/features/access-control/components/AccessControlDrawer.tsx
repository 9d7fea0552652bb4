import '../accessControlTexts';
import { Alert, Drawer, Tabs } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { useCurrentNetwork } from '../../auth/hooks';
import { usePreference } from '../../preferences';
import { resolveTimeZone, type TimeMode } from '../../timeline/timeFormat';
import { eventMs } from '../accessEventPages';
import { ACCESS_CONTROL_DRAWER } from '../constants';
import { useSeekToTime } from '../hooks/useSeekToTime';
import type { AccessEvent, CameraAccess } from '../types';
import { AccessEventDetails } from './AccessEventDetails';
import { ActivityLog } from './ActivityLog';
import { DoorControls } from './DoorControls';

export interface AccessControlDrawerProps {
  opened: boolean;
  onClose: () => void;
  camera: Camera;
  /** The camera's doors (`useCameraAccess`). */
  access: CameraAccess;
}

type AccessControlTab = 'activity' | 'controls';

/**
 * The access-control drawer of the camera page (spec 03 §2, side drawer key ACCESS_CONTROL_MANAGEMENT): tabs
 * 'Activity log' (the doors' events) and 'Controls' (unlock a door), the latter only when an integration of the
 * camera's doors may issue commands; otherwise the activity log alone with a note that commands cannot be issued
 * (spec 03 §6). An event opens the event details drawer (ACCESS_EVENT_DETAILS) over it. Its content starts afresh at
 * each opening.
 */
export function AccessControlDrawer({ opened, onClose, camera, access }: AccessControlDrawerProps) {
  const { t } = useTranslation('accessControl');
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  const seek = useSeekToTime();
  const [shown, setShown] = useState<AccessEvent | null>(null);
  const canJump = camera.permissions?.historical !== false;
  const close = () => {
    setShown(null);
    onClose();
  };

  return (
    <Drawer.Stack>
      <Drawer
        stackId="access-control"
        opened={opened}
        onClose={close}
        position="right"
        size="md"
        title={t('access-control')}
      >
        <AccessControlPanel camera={camera} access={access} timeZone={timeZone} timeMode={timeMode} onOpen={setShown} />
      </Drawer>
      <Drawer
        stackId="access-event-details"
        opened={opened && shown !== null}
        onClose={() => setShown(null)}
        position="right"
        size="md"
        title={t('event-details')}
      >
        {shown && (
          <AccessEventDetails
            event={shown}
            timeZone={timeZone}
            timeMode={timeMode}
            onJump={canJump ? () => seek(eventMs(shown)) : undefined}
          />
        )}
      </Drawer>
    </Drawer.Stack>
  );
}

interface AccessControlPanelProps {
  camera: Camera;
  access: CameraAccess;
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (event: AccessEvent) => void;
}

function AccessControlPanel({ camera, access, timeZone, timeMode, onOpen }: AccessControlPanelProps) {
  const { t } = useTranslation('accessControl');
  const [tab, setTab] = useState<AccessControlTab>('activity');
  const log = (
    <ActivityLog camera={camera} doors={access.doors} timeZone={timeZone} timeMode={timeMode} onOpen={onOpen} />
  );

  return (
    <div data-testid="access-control-drawer" data-drawer={ACCESS_CONTROL_DRAWER}>
      {access.canIssueCommands ? (
        <Tabs value={tab} onChange={(value) => setTab(value === 'controls' ? 'controls' : 'activity')}>
          <Tabs.List mb="md">
            <Tabs.Tab value="activity">{t('activity-log')}</Tabs.Tab>
            <Tabs.Tab value="controls">{t('controls')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="activity">{log}</Tabs.Panel>
          <Tabs.Panel value="controls">
            <DoorControls camera={camera} doors={access.doors} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <>
          <Alert
            color="gray"
            mb="md"
            icon={<IconInfoCircle size={16} aria-hidden />}
            data-testid="commands-unavailable"
          >
            {t('commands-unavailable')}
          </Alert>
          {log}
        </>
      )}
    </div>
  );
}
