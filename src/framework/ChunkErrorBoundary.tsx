import { Button } from 'antd';
import { Component, type CSSProperties, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnce } from './chunk-reload';

interface Props {
  children: ReactNode;
  /** Another value (the address) clears a shown failure: the next screen is tried afresh. */
  resetKey?: string;
}

interface State {
  error: unknown;
  reloading: boolean;
}

/** Long enough to read the message. */
const RELOAD_DELAY_MS = 1200;
const box: CSSProperties = { margin: '30vh auto 0', maxWidth: 360, padding: 16, textAlign: 'center', color: 'rgba(0,0,0,0.65)' };

/**
 * Catches a screen whose code failed to load (the console was left open across an upgrade): says so
 * and reloads the page once; if that was already tried, says the page could not load, with a button
 * to try again. Any other error goes on to the boundary above.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  state: State = { error: null, reloading: true };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error)) this.setState({ reloading: reloadOnce(RELOAD_DELAY_MS) });
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null, reloading: true });
  }

  render(): ReactNode {
    const { error, reloading } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    if (reloading)
      return (
        <div role="status" style={box}>
          系统已更新，正在刷新
        </div>
      );
    return (
      <div role="alert" style={box}>
        <p>页面加载失败，请检查网络后刷新重试</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </div>
    );
  }
}
