import { LoadingScreen } from '@innerview/ui';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../errors/error-boundary.tsx';
import { RemoteLoadFailure } from './remote-load-failure.tsx';
import { loadRemoteModule } from './remote-loader.ts';
import type { RemoteModuleId } from './remote-modules.ts';

// Components already loaded render at once when their route is visited again (no spinner flash).
const loaded = new Map<RemoteModuleId, ComponentType>();

type State = { status: 'loading' } | { status: 'ready'; Component: ComponentType } | { status: 'failed' };

function initialState(id: RemoteModuleId): State {
  const Component = loaded.get(id);
  return Component ? { status: 'ready', Component } : { status: 'loading' };
}

/**
 * Renders a component exposed by a remote. While it loads: a loading screen; when it cannot be
 * loaded: a translated message with a Retry that loads it again; when it throws while rendering:
 * the 'Something went wrong' boundary. Never a blank page.
 */
export function RemoteView({ id }: { id: RemoteModuleId }) {
  const { t } = useTranslation('shell');
  const [state, setState] = useState<State>(() => initialState(id));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // `attempt` is a dependency on purpose: each Retry runs the load again.
    void attempt;
    if (loaded.has(id)) {
      setState(initialState(id));
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loadRemoteModule(id).then(
      (module) => {
        loaded.set(id, module.default);
        if (current) setState({ status: 'ready', Component: module.default });
      },
      (error: unknown) => {
        console.error(error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  if (state.status === 'failed') return <RemoteLoadFailure onRetry={() => setAttempt((n) => n + 1)} />;
  const loading = <LoadingScreen label={t('remote.loading')} className="iv-shell-remote-loading" />;
  if (state.status === 'loading') return loading;
  const { Component } = state;
  return (
    <ErrorBoundary>
      <Suspense fallback={loading}>
        <Component />
      </Suspense>
    </ErrorBoundary>
  );
}
