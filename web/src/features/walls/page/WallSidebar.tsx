import { Box, NavLink, ScrollArea, Stack, Switch, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePreference, useSetPreference } from '../../preferences';
import { RotationControls, type WallCycle } from '../rotation';
import { wallDisplayName, wallPath } from '../wallModel';
import type { VideoWall } from '../wallsApi';
import { WALL_SIDEBAR_WIDTH_PX } from './constants';
import { CreateWallButton } from './WallEditButtons';
import { sidebarWalls, type WallTab, wallTab } from './wallList';

export interface WallSidebarProps {
  networkId: number;
  walls: readonly VideoWall[];
  currentWall: VideoWall;
  /** The rotation cycle of the page (start/stop from the rotation controls). */
  cycle: WallCycle;
}

const TABS: readonly { value: WallTab; label: string }[] = [
  { value: 'single', label: 'tab-single-network' },
  { value: 'multi', label: 'tab-multi-network' },
];

/**
 * The wall page's sidebar (spec 02 §2): search by wall name, single- / multi-network tabs (a tab without walls is
 * disabled), the wall list with the current wall highlighted, the local-time switch of cross-network walls and the
 * rotation controls.
 */
export function WallSidebar({ networkId, walls, currentWall, cycle }: WallSidebarProps) {
  const { t } = useTranslation('walls');
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<WallTab>(() => wallTab(currentWall));
  const showLocalTime = usePreference('showVideoWallLocalTime');
  const setPreference = useSetPreference();
  const untitled = t('untitled-wall');
  const listed = sidebarWalls(walls, tab, query, untitled);
  const hasWalls = (value: WallTab) => walls.some((wall) => wallTab(wall) === value);

  return (
    <Box
      component="aside"
      aria-label={t('wall-list')}
      w={WALL_SIDEBAR_WIDTH_PX}
      p="sm"
      style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)', display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Stack gap="sm" style={{ minHeight: 0, flex: 1 }}>
        <CreateWallButton networkId={networkId} fullWidth />
        <TextInput
          aria-label={t('search-walls')}
          placeholder={t('search-walls-placeholder')}
          leftSection={<IconSearch size={14} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <Tabs value={tab} onChange={(value) => value && setTab(value as WallTab)}>
          <Tabs.List grow>
            {TABS.map(({ value, label }) =>
              hasWalls(value) ? (
                <Tabs.Tab key={value} value={value} px="xs" fz="xs">
                  {t(label)}
                </Tabs.Tab>
              ) : (
                <Tooltip key={value} label={t('tab-no-walls-here')} withinPortal>
                  {/* A disabled button gets no pointer events: the tooltip listens on this wrapper. */}
                  <span data-testid={`wall-tab-${value}-wrapper`} style={{ flex: 1, display: 'flex' }}>
                    <Tabs.Tab value={value} disabled px="xs" fz="xs" style={{ flex: 1 }}>
                      {t(label)}
                    </Tabs.Tab>
                  </span>
                </Tooltip>
              ),
            )}
          </Tabs.List>
        </Tabs>
        <ScrollArea style={{ flex: 1 }} type="auto">
          <nav aria-label={t('wall-list')}>
            {listed.map((wall) => (
              <NavLink
                key={wall.id}
                component={Link}
                to={wallPath(networkId, wall.id)}
                label={wallDisplayName(wall, untitled)}
                active={wall.id === currentWall.id}
                aria-current={wall.id === currentWall.id ? 'page' : undefined}
              />
            ))}
            {listed.length === 0 && (
              <Text c="dimmed" size="sm" p="xs">
                {t('no-walls-found')}
              </Text>
            )}
          </nav>
        </ScrollArea>
        {currentWall.is_cross_network && (
          <Switch
            label={t('use-local-network-time')}
            checked={showLocalTime}
            onChange={(event) => setPreference('showVideoWallLocalTime', event.currentTarget.checked)}
          />
        )}
        <RotationControls networkId={networkId} walls={walls} cycle={cycle} />
      </Stack>
    </Box>
  );
}
