import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconApi, IconPlayerPlay, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline/timeFormat';
import { eventMs } from '../accessEventPages';
import { ACCESS_EVENT_DETAILS_DRAWER } from '../constants';
import { actorName, formatEventTime } from '../format';
import type { AccessActor, AccessEvent } from '../types';

export interface AccessEventDetailsProps {
  event: AccessEvent;
  timeZone: string;
  timeMode: TimeMode;
  /** Seeks the player to the event's time; absent without the right to see recorded video. */
  onJump?: () => void;
}

/**
 * The event details drawer's content (spec 03 §2, §3): the actor's card, then the event, its time, door, controller
 * and cameras, and 'Jump to video'.
 */
export function AccessEventDetails({ event, timeZone, timeMode, onJump }: AccessEventDetailsProps) {
  const { t } = useTranslation('accessControl');
  const cameras = event.cameras.map((camera) => camera.name).filter(Boolean);
  return (
    <Stack gap="md" data-testid="access-event-details" data-drawer={ACCESS_EVENT_DETAILS_DRAWER}>
      <ActorCard actor={event.actor} cardNumber={event.cardNumber} />
      <Field label={t('event')} value={event.message} />
      <Field label={t('time')} value={formatEventTime(eventMs(event), timeZone, timeMode)} />
      <Field label={t('door')} value={event.door.name} />
      {event.controller?.name && <Field label={t('controller')} value={event.controller.name} />}
      {cameras.length > 0 && <Field label={t('cameras')} value={cameras.join(', ')} />}
      {onJump && (
        <Group>
          <Button leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={onJump}>
            {t('jump-to-video')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Who caused the event: a card holder's avatar (or initials), name, department, employee number, access groups and
 * card number; 'System' or 'API key' (with the key's name) otherwise.
 */
function ActorCard({ actor, cardNumber }: { actor: AccessActor; cardNumber: string | null }) {
  const { t } = useTranslation('accessControl');
  const name = actorName(actor, t);
  const user = actor.type === 'USER';
  const groups = user ? (actor.accessGroups ?? []) : [];
  const Icon = actor.type === 'SYSTEM' ? IconRobot : actor.type === 'API_KEY' ? IconApi : null;
  const secondary = user ? actor.department : actor.type === 'API_KEY' ? actor.name : null;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="actor-card" aria-label={t('actor')} component="section">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={user ? (actor.avatarUrl ?? null) : null}
            name={user ? name : undefined}
            color={user ? 'initials' : 'gray'}
            alt=""
            radius="xl"
            size="lg"
            data-testid="actor-avatar"
          >
            {Icon && <Icon size={20} aria-hidden />}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} data-testid="actor-name">
              {name}
            </Text>
            {secondary?.trim() && (
              <Text size="sm" c="dimmed" data-testid="actor-department">
                {secondary}
              </Text>
            )}
          </div>
        </Group>
        {user && actor.employeeNumber?.trim() && <Field label={t('employee-number')} value={actor.employeeNumber} />}
        {groups.length > 0 && (
          <div>
            <Text size="xs" c="dimmed">
              {t('access-groups')}
            </Text>
            <Group gap={4} mt={2}>
              {groups.map((group) => (
                <Badge key={group} variant="light" size="sm" style={{ textTransform: 'none' }}>
                  {group}
                </Badge>
              ))}
            </Group>
          </div>
        )}
        {cardNumber?.trim() && <Field label={t('card-number')} value={cardNumber} />}
      </Stack>
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
