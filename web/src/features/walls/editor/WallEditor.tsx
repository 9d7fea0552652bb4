import { Alert, Box, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCamerasQuery } from '../../cameras/camerasApi';
import type { DewarpView } from '../../dewarp';
import { MAX_TILES } from '../model/grid';
import { templateApplied, tileRemoved, tileSwapped } from '../model/localWalls';
import type { VideoWall } from '../wallsApi';
import { CameraPicker } from './CameraPicker';
import { DeleteWallButton } from './DeleteWallButton';
import { editedWall, editorReducer, initialEditorState, isOverLimit, plannedTileCount } from './editorState';
import { TemplateList } from './TemplateList';
import { useWallSave } from './useWallSave';
import { WallConfigGrid } from './WallConfigGrid';
import { WallNameInput } from './WallNameInput';
import { WallNameModal } from './WallNameModal';

export interface WallEditorProps {
  networkId: number;
  /** The wall to edit; undefined for a new wall. */
  wall?: VideoWall;
  /** After a save (a new wall: with its id). */
  onDone: (savedWallId?: number) => void;
  /** After the wall was deleted. */
  onDeleted: () => void;
  onCancel: () => void;
}

/**
 * The wall creation/edit flow (spec 02 §2, §4, §5): stage ADD_CAMERA (camera picker, up to 16), then WALL_CONFIG (the
 * 28-column grid with swap, remove, resize and templates), then save (a new wall asks for its name first). A saved wall
 * can also be renamed inline and deleted. The working state stays in the component until it is saved.
 */
export function WallEditor({ networkId, wall, onDone, onDeleted, onCancel }: WallEditorProps) {
  const { t } = useTranslation('wallEditor');
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState(networkId, wall));
  const [naming, setNaming] = useState(false);
  const cameras = useGetCamerasQuery({ networkId });
  const current = editedWall(state);
  const isNew = wall === undefined;
  const actions = useWallSave(networkId, current, isNew, dispatch, { onDone, onDeleted });
  const overLimit = isOverLimit(state);
  const tileCount = current.tiles.length;

  const onSwapStart = useCallback((tileId: number) => dispatch({ type: 'editor/swapStarted', tileId }), []);
  const onSwapCancel = useCallback(() => dispatch({ type: 'editor/swapCancelled' }), []);
  const onSwapWith = useCallback(
    (tileId: number) => {
      if (state.swapTileId !== null)
        dispatch(tileSwapped({ wallId: current.id, firstTileId: state.swapTileId, secondTileId: tileId }));
    },
    [state.swapTileId, current.id],
  );
  const onRemove = useCallback((tileId: number) => dispatch(tileRemoved({ wallId: current.id, tileId })), [current.id]);
  const onResize = useCallback(
    (tileId: number, size: number) => dispatch({ type: 'editor/tileResized', tileId, size }),
    [],
  );

  const onViewChange = useCallback(
    (tileId: number, view: DewarpView | null) => dispatch({ type: 'editor/tileViewChanged', tileId, view }),
    [],
  );

  const onSave = () => {
    if (isNew) setNaming(true);
    else void actions.save(current.name);
  };
  const onNamed = async (name: string) => {
    await actions.save(name);
    setNaming(false);
  };

  return (
    <Stack gap="md" component="section" aria-label={t(isNew ? 'title-new' : 'title-edit')}>
      <Group justify="space-between" wrap="wrap">
        {isNew ? (
          <Title order={2} size="h3">
            {t('title-new')}
          </Title>
        ) : (
          <WallNameInput name={current.name} disabled={actions.renaming} onCommit={actions.rename} />
        )}
        <Group gap="xs">
          {!isNew && <DeleteWallButton deleting={actions.deleting} onConfirm={async () => void (await actions.remove())} />}
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Group>

      {current.errors && current.errors.length > 0 && (
        <Alert color="red" title={t('save-failed-title')}>
          <List size="sm">
            {current.errors.map((message, index) => (
              <List.Item key={index}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      {state.stage === 'ADD_CAMERA' ? (
        <CameraPicker
          cameras={cameras.data}
          isLoading={cameras.isLoading}
          isError={cameras.isError}
          onRetry={() => void cameras.refetch()}
          selectedCameraIds={state.selectedCameraIds}
          plannedTileCount={plannedTileCount(state)}
          onToggle={(cameraId) => dispatch({ type: 'editor/cameraToggled', cameraId })}
        />
      ) : (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <WallConfigGrid
              tiles={current.tiles}
              swapTileId={state.swapTileId}
              onSwapStart={onSwapStart}
              onSwapWith={onSwapWith}
              onSwapCancel={onSwapCancel}
              onRemove={onRemove}
              onResize={onResize}
              onViewChange={onViewChange}
            />
          </Box>
          <Paper withBorder p="xs" w={240} style={{ flexShrink: 0 }}>
            <TemplateList
              tileCount={tileCount}
              disabled={tileCount === 0}
              onApply={(templateId) => dispatch(templateApplied({ wallId: current.id, templateId }))}
            />
          </Paper>
        </Group>
      )}

      <Group justify="space-between" component="footer">
        <Text size="sm" c="red" role={overLimit ? 'alert' : undefined}>
          {overLimit ? t('tile-max-count-error-message', { max: MAX_TILES }) : ''}
        </Text>
        {state.stage === 'ADD_CAMERA' ? (
          <Button
            disabled={state.selectedCameraIds.length === 0 || overLimit || cameras.isLoading || cameras.isError}
            onClick={() => dispatch({ type: 'editor/camerasConfigured', cameras: cameras.data ?? [] })}
          >
            {t('configure-cameras')}
          </Button>
        ) : (
          <Group gap="xs">
            <Button variant="default" onClick={() => dispatch({ type: 'editor/stageChanged', stage: 'ADD_CAMERA' })}>
              {t('previous')}
            </Button>
            <Button disabled={tileCount === 0} loading={actions.saving && !naming} onClick={onSave}>
              {t('save-wall')}
            </Button>
          </Group>
        )}
      </Group>

      <WallNameModal
        opened={naming}
        initialName={current.name}
        saving={actions.saving}
        onSubmit={(name) => void onNamed(name)}
        onClose={() => setNaming(false)}
      />
    </Stack>
  );
}
