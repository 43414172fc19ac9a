import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ImageSubjectKind, MissingImage } from '@app/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useMissingImages, useRetryImages } from '../api/missing-images';
import { SectionCard } from '../../shared/components/section-card';
import classes from './content.module.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const KIND_LABELS: Record<ImageSubjectKind, string> = {
  video: 'Video',
  playlist: 'Playlist',
  avatar: 'Channel avatar',
  banner: 'Channel banner',
};

/** The row's name: its title, else what it is (an avatar or banner of a channel without a name). */
export const imageName = (image: MissingImage) => image.title ?? `${KIND_LABELS[image.kind]} ${image.ref}`;

/** The row's second line: why, and when the site last tried. */
export function missingImageMeta(image: MissingImage): string {
  const reason = image.reason ?? 'Not fetched yet';
  const lastTry = image.checkedAt ? `last try ${dateTime.format(new Date(image.checkedAt))}` : 'never tried';
  return `${reason} · ${lastTry}`;
}

function MissingImageRow({ image }: { image: MissingImage }) {
  const retry = useRetryImages();
  const name = imageName(image);
  return (
    <Group gap="sm" wrap="nowrap" className={classes.row} data-testid="missing-image-row">
      <Badge variant="light" color="gray" className={classes.rowAction}>
        {KIND_LABELS[image.kind]}
      </Badge>
      {/* A name and a line about it, not a heading and its paragraph. */}
      <div className={classes.rowText}>
        <Text component="div" size="sm" fw={600} lineClamp={2}>
          {name}
        </Text>
        <Text component="div" size="xs" c="dimmed">
          {missingImageMeta(image)}
        </Text>
      </div>
      <Button
        size="xs"
        variant="default"
        className={classes.rowAction}
        loading={retry.isPending}
        onClick={() => retry.mutate({ kind: image.kind, ref: image.ref })}
        aria-label={`Retry: ${name}`}
      >
        Retry
      </Button>
    </Group>
  );
}

/**
 * The images the sync could not bring home from YouTube, whose pages show the placeholder: what each is of, its
 * title, why and when it was last tried, with a retry for one or for all.
 */
export function MissingImagesCard() {
  const missing = useMissingImages();
  const retryAll = useRetryImages();
  const items = missing.data?.items ?? [];
  return (
    <SectionCard
      title="Missing images"
      description="Images the site could not copy from YouTube. Their pages show a plain placeholder until a retry succeeds."
      actions={
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={retryAll.isPending}
          disabled={items.length === 0}
          onClick={() => retryAll.mutate({})}
        >
          Retry all
        </Button>
      }
    >
      {missing.isPending ? (
        <Stack gap="sm">
          <Skeleton height={45} />
          <Skeleton height={45} />
        </Stack>
      ) : missing.error ? (
        <Text c="red.4" size="sm">
          Missing images could not be loaded: {missing.error.message}
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="missing-images-none">
          No missing images: the site has a copy of every image.
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((image) => (
            <MissingImageRow key={`${image.kind}:${image.ref}`} image={image} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
