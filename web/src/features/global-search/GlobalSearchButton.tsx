import { Button, Center, Kbd, Loader, Modal } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog, its calls and its texts (namespace `globalSearch`) are a chunk of their own: the header is on every
// page's JavaScript budget (the camera page's included), and most visits never search.
const loadDialog = () => import('./GlobalSearchDialog');
const GlobalSearchDialog = lazy(() => loadDialog().then((module) => ({ default: module.GlobalSearchDialog })));

/** A key press in a text field (where '/' is typed, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** '/' outside text fields and other dialogs, or Ctrl+K / ⌘K anywhere. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.repeat) return false;
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey || isTyping(event.target)) return false;
  return !(event.target instanceof Element && event.target.closest('[role="dialog"]'));
}

/**
 * The header's 'Search' button (spec 03 §2 "Other": global search), which opens the search dialog; so do '/' and
 * Ctrl+K (⌘K). The dialog is rendered only while open, so each opening starts empty; closing gives the focus back to
 * where it was.
 */
export function GlobalSearchButton() {
  const { t } = useTranslation('shell');
  const [opened, setOpened] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = () => {
    if (opened) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpened(true);
  };
  const close = () => setOpened(false);

  // The focus goes back once the dialog is gone (in the commit that removes it, not a frame later, when a loaded
  // machine may have moved on).
  useEffect(() => {
    if (opened) return;
    const previous = returnFocus.current;
    returnFocus.current = null;
    if (previous?.isConnected) previous.focus();
  }, [opened]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened]); // `open` reads nothing else that changes

  const loading = (
    <Modal.Root opened onClose={close} size="lg" yOffset="10vh">
      <Modal.Overlay />
      <Modal.Content aria-label={t('search')}>
        <Center py="lg">
          <Loader size="sm" aria-label={t('loading-page')} />
        </Center>
      </Modal.Content>
    </Modal.Root>
  );
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" aria-hidden visibleFrom="sm">
            /
          </Kbd>
        }
        aria-label={t('global-search')}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        onClick={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        data-testid="global-search-button"
      >
        {t('search')}
      </Button>
      {opened && (
        <Suspense fallback={loading}>
          <GlobalSearchDialog opened onClose={close} />
        </Suspense>
      )}
    </>
  );
}
