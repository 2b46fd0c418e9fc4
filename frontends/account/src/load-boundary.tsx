import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` instead of a part that failed to load or render (a lazy chunk that could not be
 * fetched), so the rest of the screen stays usable.
 */
export class LoadBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
