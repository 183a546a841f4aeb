// Catches render errors of a view, records them in the error log and shows a friendly notice instead.
import { Button, NonIdealState } from '@blueprintjs/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks.ts';
import { errorCaught } from './errorLogSlice.ts';

export type ErrorBoundaryProps = {
  /** what to render while nothing failed */
  children: ReactNode;
};

type BoundaryProps = ErrorBoundaryProps & {
  onError: (error: Error, info: ErrorInfo) => void;
  title: string;
  text: string;
  retry: string;
};

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError(error, info);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <NonIdealState
        icon="error"
        title={this.props.title}
        description={this.props.text}
        action={<Button text={this.props.retry} onClick={() => this.setState({ failed: false })} />}
      />
    );
  }
}

export function ErrorBoundary({ children }: ErrorBoundaryProps) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const handleError = (error: Error, info: ErrorInfo) =>
    dispatch(
      errorCaught({
        url: window.location.hash.slice(1) || '/',
        message: error.message,
        details: `${error.stack ?? ''}${info.componentStack ?? ''}`,
        time: Date.now(),
      }),
    );
  return (
    <Boundary
      onError={handleError}
      title={t('errorLog.boundaryTitle')}
      text={t('errorLog.boundaryText')}
      retry={t('common.retry')}
    >
      {children}
    </Boundary>
  );
}
