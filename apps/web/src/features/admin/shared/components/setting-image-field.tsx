import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { useSaveSetting, useSetting } from '../hooks/use-settings';
import { IMAGE_ACCEPT, imageFileToDataUrl } from '../lib/image-file';

export type ImageSettingKey = 'logoImage' | 'faviconImage' | 'heroImage';

interface ImageFieldProps {
  settingKey: ImageSettingKey;
  label: string;
  description: string;
  /** Preview box size in px. */
  previewHeight?: number;
}

/** An image stored inline as a data URL, with a preview, upload and removal. */
export function SettingImageField({ settingKey, label, description, previewHeight = 96 }: ImageFieldProps) {
  const value = useSetting(settingKey);
  const { saveAsync } = useSaveSetting();
  const [busy, setBusy] = useState(false);
  const resetRef = useRef<() => void>(null);

  const upload = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    let dataUrl: string;
    try {
      dataUrl = await imageFileToDataUrl(file);
    } catch (error) {
      replaceToast({ title: 'Upload failed', description: (error as Error).message, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await saveAsync({ key: settingKey, value: dataUrl, label, quiet: true });
      replaceToast({ title: 'File uploaded', description: `${label}: ${file.name}` });
    } catch {
      // The save's own failure toast carries the API's reason.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await saveAsync({ key: settingKey, value: null, label });
    } catch {
      // Toasted by the save.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-setting={settingKey}>
      <div>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </div>
      <Paper
        withBorder
        radius="md"
        p="xs"
        h={previewHeight + 18}
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        {value ? (
          <Image src={value} alt={`${label} preview`} mah={previewHeight} w="auto" fit="contain" />
        ) : (
          <Group gap={6} c="dimmed">
            <IconPhotoOff size={18} aria-hidden />
            <Text size="sm">No image</Text>
          </Group>
        )}
      </Paper>
      <Group gap="xs">
        <FileButton onChange={(file) => void upload(file)} accept={IMAGE_ACCEPT} resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={busy}
              aria-label={`Upload ${label.toLowerCase()}`}
            >
              Upload
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void remove()}
            disabled={busy}
            aria-label={`Remove ${label.toLowerCase()}`}
          >
            Remove
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        PNG, JPEG, WebP, GIF or ICO, at most 2 MB.
      </Text>
    </Stack>
  );
}
