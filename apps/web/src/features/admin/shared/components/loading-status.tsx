import { Center, Loader } from '@mantine/core';

/** A part of the dashboard that is still loading: a small loader, announced by its label. */
export function LoadingStatus({ label, py = 'xl' }: { label: string; py?: 'sm' | 'xl' }) {
  return (
    <Center py={py} role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}
