import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SomethingWentWrong } from './something-went-wrong.tsx';

type Props = { children: ReactNode };
type State = { error: unknown; hasError: boolean };

/**
 * The generic 'Something went wrong' boundary: a component that throws while rendering shows a
 * message with 'Try again' (which renders the children again) instead of unmounting the page.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The component stack helps find the failing screen; no user content is in it.
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) {
      return <SomethingWentWrong onRetry={() => this.setState({ error: undefined, hasError: false })} />;
    }
    return this.props.children;
  }
}
