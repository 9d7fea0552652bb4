import { Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredPanel } from '../components/CenteredPanel';
import { browser } from './browser';

function PageLoader() {
  const { t } = useTranslation('shell');
  return (
    <Center h="100%" mih={240}>
      <Loader aria-label={t('loading-page')} />
    </Center>
  );
}

function PageLoadError() {
  const { t } = useTranslation('shell');
  return (
    <CenteredPanel
      icon={<IconAlertTriangle size={40} color="var(--mantine-color-yellow-5)" aria-hidden />}
      title={t('page-error-title')}
      description={t('page-error-description')}
    >
      <Button leftSection={<IconReload size={16} aria-hidden />} onClick={() => browser.reload()}>
        {t('reload')}
      </Button>
    </CenteredPanel>
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed to load', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <PageLoadError /> : this.props.children;
  }
}

/**
 * Around a page loaded from its own chunk: the app's loader while the chunk downloads, and 'Something went wrong'
 * with a reload button when it cannot be loaded (the network failed, or a new version replaced the files).
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
