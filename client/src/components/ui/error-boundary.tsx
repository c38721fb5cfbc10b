import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown in place of `children` once they fail to render (or their code fails to load). */
  fallback: ReactNode;
  /** A new value tries `children` again (the address, say). */
  resetKey?: string;
  children: ReactNode;
}

/** A part of the page that fails leaves the rest standing, with `fallback` in its place. */
export class ErrorBoundary extends Component<Props, { failed: boolean; resetKey?: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
