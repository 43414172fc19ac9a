import type { TranscriptTrack } from '@app/contracts';
import { TRANSCRIPT_MAX_BYTES } from '@app/contracts/transcripts';
import { ActionIcon, Button, FileInput, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { useAdminSettings } from '../../shared/api/get-admin-settings';
import { useDeleteTranscript, useTranscripts, useUploadTranscript } from '../api/transcripts';
import { languageName, transcriptLanguageOptions } from '../lib/transcript-languages';

const SOURCE_LABELS: Record<TranscriptTrack['source'], string> = { upload: 'Upload', youtube: 'YouTube' };
const KIND_LABELS: Record<TranscriptTrack['kind'], string> = { standard: 'Written', asr: 'Automatic' };

/** A file's text (UTF-8), read in the browser. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

function TrackTable({ videoId, tracks }: { videoId: string; tracks: TranscriptTrack[] }) {
  const remove = useDeleteTranscript(videoId);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Language</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Cues</Table.Th>
            <Table.Th>Stored</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tracks.map((track) => {
            const name = `${languageName(track.language)} ${SOURCE_LABELS[track.source]} ${KIND_LABELS[track.kind]}`;
            return (
              <Table.Tr
                key={`${track.source}/${track.language}/${track.kind}`}
                data-testid="transcript-track"
              >
                <Table.Td>{languageName(track.language)}</Table.Td>
                <Table.Td>{SOURCE_LABELS[track.source]}</Table.Td>
                <Table.Td>{KIND_LABELS[track.kind]}</Table.Td>
                <Table.Td>{track.cueCount}</Table.Td>
                <Table.Td>{track.storedAt.slice(0, 10)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete transcript: ${name}`}
                    loading={remove.isPending && remove.variables === track}
                    onClick={() => remove.mutate(track)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UploadForm({ videoId }: { videoId: string }) {
  const siteLanguage = useAdminSettings().data?.siteLanguage;
  const [language, setLanguage] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadTranscript(videoId);
  const chosen = language ?? siteLanguage ?? 'en';

  const submit = async () => {
    if (!file) return;
    if (file.size > TRANSCRIPT_MAX_BYTES) {
      replaceToast({
        title: 'File refused',
        description: `the file is larger than ${TRANSCRIPT_MAX_BYTES / 1024 / 1024} MB`,
        variant: 'destructive',
      });
      return;
    }
    const text = await readText(file);
    upload.mutate({ language: chosen, file: { text, name: file.name } }, { onSuccess: () => setFile(null) });
  };

  return (
    <Stack gap="xs" component="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Group grow align="flex-end" wrap="wrap">
        <FileInput
          label="Caption file"
          placeholder="A .vtt or .srt file"
          accept=".vtt,.srt,text/vtt"
          value={file}
          onChange={setFile}
          clearable
        />
        <Select
          label="Language"
          data={transcriptLanguageOptions}
          value={chosen}
          onChange={setLanguage}
          searchable
          allowDeselect={false}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          type="submit"
          leftSection={<IconUpload size={14} aria-hidden />}
          disabled={!file}
          loading={upload.isPending}
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A video's transcripts: the stored tracks (from YouTube or uploaded), each deletable, and the upload of a `.vtt` or
 * `.srt` file as the video's track in a language (docs/transcripts.md). The list loads once the modal opens.
 */
export function TranscriptsModal({
  video,
  opened,
  onClose,
}: {
  video: { id: string; title: string };
  opened: boolean;
  onClose: () => void;
}) {
  const tracks = useTranscripts(video.id, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={`Transcripts: ${video.title}`} size="lg" centered>
      <Stack gap="md">
        {tracks.isPending ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : tracks.isError ? (
          <Text size="sm" c="red.4">
            The transcripts could not be loaded ({tracks.error.message}).
          </Text>
        ) : tracks.data.tracks.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="transcripts-empty">
            No transcript yet: upload the video&apos;s captions as a .vtt or .srt file.
          </Text>
        ) : (
          <TrackTable videoId={video.id} tracks={tracks.data.tracks} />
        )}
        <UploadForm videoId={video.id} />
      </Stack>
    </Modal>
  );
}
