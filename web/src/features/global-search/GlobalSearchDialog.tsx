import './globalSearchTexts';
import { Box, Group, Loader, Modal, ScrollArea, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSearchGlobalQuery } from './globalSearchApi';
import {
  groupResults,
  MAX_QUERY_LENGTH,
  RESULTS_PER_CATEGORY,
  resultKey,
  resultPath,
  SEARCH_DEBOUNCE_MS,
  type SearchResult,
  searchTerm,
} from './globalSearchModel';
import { SearchResultList } from './SearchResultList';

export interface GlobalSearchDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Which result is highlighted, for the list it was chosen in (a new answer highlights its first result again). */
interface Highlight {
  options: readonly SearchResult[];
  index: number;
}

/**
 * The global search (spec 03 §2 "Other", §5, §7): a spotlight-style dialog with one input (a combobox) over the
 * results grouped by category. The text is searched once typing has been idle for 300 ms and when it has at least 2
 * characters (trimmed); while an answer is awaited the previous results stay, with a spinner. ↑/↓ move the highlight
 * (wrapping), Enter or a click opens the result, Escape closes (the modal's own handling).
 */
export function GlobalSearchDialog({ opened, onClose }: GlobalSearchDialogProps) {
  const { t } = useTranslation('globalSearch');
  const navigate = useNavigate();
  const baseId = useId();
  const listboxId = `${baseId}-results`;
  const statusId = `${baseId}-status`;
  const [text, setText] = useState('');
  const term = searchTerm(text);
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const { data, currentData, isFetching, isError } = useSearchGlobalQuery(
    debounced === null ? skipToken : { q: debounced, limit: RESULTS_PER_CATEGORY },
  );
  const pending = term !== null && (term !== debounced || isFetching);
  const failed = term !== null && !pending && isError;
  const shown = term === null || failed ? undefined : data;
  const groups = useMemo(() => (shown ? groupResults(shown) : []), [shown]);
  const options = useMemo(() => groups.flatMap((group) => group.results), [groups]);
  const noResults = term !== null && !pending && !isError && currentData !== undefined && options.length === 0;

  const [highlight, setHighlight] = useState<Highlight>({ options, index: 0 });
  const activeIndex = highlight.options === options ? Math.min(highlight.index, options.length - 1) : 0;
  const active: SearchResult | undefined = options[activeIndex];
  const optionId = (result: SearchResult) => `${baseId}-${resultKey(result)}`;
  const activeOptionId = active ? optionId(active) : undefined;

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  const open = (result: SearchResult) => {
    navigate(resultPath(result));
    onClose();
  };
  const move = (step: number) => {
    if (options.length === 0) return;
    setHighlight({ options, index: (activeIndex + step + options.length) % options.length });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (active) open(active);
    }
  };

  let status: string | null = null;
  if (term === null) status = t('hint');
  else if (pending && options.length === 0) status = t('searching');
  else if (noResults) status = t('no-results');

  return (
    <Modal.Root opened={opened} onClose={onClose} size="lg" yOffset="10vh">
      <Modal.Overlay />
      <Modal.Content aria-label={t('title')} data-testid="global-search-dialog">
        <Modal.Body p={0}>
          <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <TextInput
              data-autofocus
              size="md"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              placeholder={t('placeholder')}
              aria-label={t('input-label')}
              role="combobox"
              aria-expanded={options.length > 0}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={activeOptionId}
              aria-describedby={statusId}
              autoComplete="off"
              spellCheck={false}
              maxLength={MAX_QUERY_LENGTH}
              leftSection={<IconSearch size={18} aria-hidden />}
              rightSection={pending ? <Loader size="xs" aria-hidden data-testid="global-search-loading" /> : null}
            />
          </Box>
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Box p="xs">
              <SearchResultList
                id={listboxId}
                groups={groups}
                activeKey={active ? resultKey(active) : null}
                optionId={optionId}
                onOpen={open}
                onHighlight={(result) => setHighlight({ options, index: options.indexOf(result) })}
              />
              {failed && (
                <Text role="alert" size="sm" c="red" px="sm" py="xs">
                  {t('error')}
                </Text>
              )}
              <Text id={statusId} role="status" size="sm" c="dimmed" px="sm" py={status ? 'xs' : 0}>
                {status}
              </Text>
            </Box>
          </ScrollArea.Autosize>
          <Group px="sm" py={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text size="xs" c="dimmed" aria-hidden>
              {t('keyboard-help')}
            </Text>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
