import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Keeps a rendering error inside the dashboard: the header (and Logout) stay usable. */
export class AdminErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="Something went wrong"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">This part of the dashboard failed to show: {error.message}</Text>
          <Button size="xs" variant="default" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Stack>
      </Alert>
    );
  }
}
