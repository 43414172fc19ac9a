import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { saveFile } from '../../shared/lib/download';

/** Shown once, right after they are made: the server keeps only their hashes. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Save your recovery codes">
        Each code signs in once if you lose your phone. They are shown only now: copy or download them and
        keep them somewhere safe.
      </Alert>
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        maw={520}
        p={0}
        m={0}
        aria-label="Recovery codes"
        component="ul"
      >
        {codes.map((code) => (
          <Code key={code} component="li" style={{ listStyle: 'none' }}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} leftSection={<IconCopy size={16} aria-hidden />}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            saveFile({ blob: new Blob([text], { type: 'text/plain' }), fileName: 'recovery-codes.txt' })
          }
        >
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}
