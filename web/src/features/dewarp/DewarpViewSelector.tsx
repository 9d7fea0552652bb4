import './dewarpTexts';
import { ActionIcon, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CustomDewarpView, deleteCustomView, loadCustomViews, saveCustomView } from './customViews';
import { matchingPreset, PRESET_FOV, presetsFor, sameOrientation } from './presets';
import { defaultView, type DewarpView, type Mount, projectPoint, SUBVIEW_ASPECT } from './projection';

export interface DewarpViewSelectorProps {
  opened: boolean;
  onClose: () => void;
  cameraId: number;
  cameraName: string;
  mount: Mount;
  /** The view shown now; null is the full (raw) circle. */
  current: DewarpView | null;
  /** A preset or custom view chosen (null: the full view). The modal closes itself. */
  onSelect: (view: DewarpView | null) => void;
  /**
   * Where the view is shown: a wall tile (default; the view lasts this session of the wall unless saved on it), the
   * wall editor (saved with the wall) or the camera page.
   */
  context?: 'wall' | 'editor' | 'camera';
  /**
   * false: the modal is rendered where the selector is instead of in a portal on the body, so it shows inside a
   * fullscreen element (the camera viewer's). Default true.
   */
  withinPortal?: boolean;
}

const THUMB = 72;

/** The outline of a view's 4:3 picture on the fisheye circle (16 points per side), in a THUMB-sized square. */
function footprint(view: DewarpView, mount: Mount): string {
  const points: string[] = [];
  const steps = 16;
  const edge = (sx: (i: number) => number, sy: (i: number) => number) => {
    for (let i = 0; i < steps; i++) {
      const [u, v] = projectPoint(view, mount, sx(i / steps), sy(i / steps), { aspect: SUBVIEW_ASPECT });
      points.push(`${(u * THUMB).toFixed(1)},${(v * THUMB).toFixed(1)}`);
    }
  };
  edge((f) => -1 + 2 * f, () => 1);
  edge(() => 1, (f) => 1 - 2 * f);
  edge((f) => 1 - 2 * f, () => -1);
  edge(() => -1, (f) => -1 + 2 * f);
  return points.join(' ');
}

/** A small diagram of the fisheye circle with the part a view shows (cheaper than a live preview per preset). */
function ViewThumbnail({ view, mount }: { view: DewarpView | null; mount: Mount }) {
  const r = THUMB / 2;
  return (
    <svg width={THUMB} height={THUMB} viewBox={`0 0 ${THUMB} ${THUMB}`} aria-hidden>
      <circle cx={r} cy={r} r={r - 1} fill="#1f2933" stroke="#8a99a8" />
      {view ? (
        <polygon points={footprint(view, mount)} fill="rgba(76,154,255,0.45)" stroke="#4c9aff" strokeWidth={1.5} />
      ) : (
        <circle cx={r} cy={r} r={r - 4} fill="rgba(76,154,255,0.45)" stroke="#4c9aff" strokeWidth={1.5} />
      )}
    </svg>
  );
}

function ViewButton({
  label,
  view,
  mount,
  selected,
  testId,
  onClick,
}: {
  label: string;
  view: DewarpView | null;
  mount: Mount;
  selected: boolean;
  testId: string;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={selected}
      data-testid={testId}
      p={6}
      style={{
        borderRadius: 6,
        border: `2px solid ${selected ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-default-border)'}`,
        textAlign: 'center',
      }}
    >
      <Stack gap={4} align="center">
        <ViewThumbnail view={view} mount={mount} />
        <Text size="xs" fw={selected ? 600 : 400} lineClamp={2}>
          {label}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

const degrees = (radians: number) => Math.round((radians * 180) / Math.PI);

/** What the modal says about how long a chosen view lasts, per context. */
const NOTES = { wall: 'session-only-note', editor: 'editor-note', camera: 'camera-page-note' } as const;

/**
 * The dewarp view selector (spec 02 §2): the mount's five presets, the camera's custom views (local storage, per
 * camera), a form that saves the current view as a custom one ('custom-view-exists' for a duplicate name or
 * orientation) and 'Back to presets'.
 */
export function DewarpViewSelector({
  opened,
  onClose,
  cameraId,
  cameraName,
  mount,
  current,
  onSelect,
  context = 'wall',
  withinPortal = true,
}: DewarpViewSelectorProps) {
  const { t } = useTranslation('dewarp');
  const [mode, setMode] = useState<'presets' | 'custom'>('presets');
  const [customViews, setCustomViews] = useState<CustomDewarpView[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const presets = presetsFor(mount);
  const currentPreset = useMemo(() => matchingPreset(mount, current), [mount, current]);
  const aimed = current ?? defaultView(mount);

  useEffect(() => {
    if (!opened) return;
    setCustomViews(loadCustomViews(cameraId));
    setMode('presets');
    setName('');
    setError(null);
  }, [opened, cameraId]);

  const choose = (view: DewarpView | null) => {
    onSelect(view);
    onClose();
  };
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const result = saveCustomView(cameraId, { name, phi: aimed.phi, theta: aimed.theta });
    if (!result.ok) {
      setError(t(result.error));
      return;
    }
    setCustomViews(loadCustomViews(cameraId));
    setName('');
    setError(null);
    setMode('presets');
  };
  const onDelete = (view: CustomDewarpView) => {
    deleteCustomView(cameraId, view.id);
    setCustomViews(loadCustomViews(cameraId));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('selector-title', { name: cameraName })}
      size="lg"
      withinPortal={withinPortal}
      data-testid="dewarp-view-selector"
    >
      {mode === 'presets' ? (
        <Stack gap="md">
          <Title order={5}>{t('presets')}</Title>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" data-testid="dewarp-presets">
            {presets.map((preset) => (
              <ViewButton
                key={preset.id}
                label={t(preset.labelKey)}
                view={preset.view}
                mount={mount}
                selected={currentPreset?.id === preset.id}
                testId={`dewarp-preset-${preset.id}`}
                onClick={() => choose(preset.view)}
              />
            ))}
          </SimpleGrid>
          <Group justify="space-between">
            <Title order={5}>{t('custom-views')}</Title>
            <Button size="compact-sm" variant="light" onClick={() => setMode('custom')}>
              {t('new-custom-view')}
            </Button>
          </Group>
          {customViews.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('no-custom-views')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" data-testid="dewarp-custom-views">
              {customViews.map((custom) => {
                const view = { phi: custom.phi, theta: custom.theta, fov: current?.fov ?? PRESET_FOV };
                return (
                  <Stack key={custom.id} gap={2} align="center">
                    <ViewButton
                      label={custom.name}
                      view={view}
                      mount={mount}
                      selected={current !== null && sameOrientation(custom, current)}
                      testId="dewarp-custom-view"
                      onClick={() => choose(view)}
                    />
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('delete-custom-view', { name: custom.name })}
                      onClick={() => onDelete(custom)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Stack>
                );
              })}
            </SimpleGrid>
          )}
          <Text size="xs" c="dimmed">
            {t(NOTES[context])}
          </Text>
        </Stack>
      ) : (
        <form onSubmit={onSave}>
          <Stack gap="sm">
            <Group gap="md" wrap="nowrap" align="center">
              <ViewThumbnail view={aimed} mount={mount} />
              <Text size="sm">{t(context === 'camera' ? 'custom-view-current-camera' : 'custom-view-current', { phi: degrees(aimed.phi), theta: degrees(aimed.theta) })}</Text>
            </Group>
            <TextInput
              label={t('custom-view-name')}
              placeholder={t('custom-view-name-placeholder')}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="space-between">
              <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => setMode('presets')}>
                {t('back-to-presets')}
              </Button>
              <Button type="submit">{t('save-custom-view')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
