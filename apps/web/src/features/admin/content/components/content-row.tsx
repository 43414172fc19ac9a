import { Group, Image, Text } from '@mantine/core';
import { imageSrc, type SiteImage } from '@app/contracts';
import type { ReactNode } from 'react';
import classes from './content.module.css';

/** A row of the Content tab's lists: the item's thumbnail (the site's copy, or its empty box), title, a line about it, its control. */
export function ContentRow({
  image,
  title,
  meta,
  action,
  testId,
}: {
  image: SiteImage | null;
  title: string;
  meta: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" className={classes.row} data-testid={testId}>
      {image ? (
        <Image src={imageSrc(image, 160)} alt="" w={80} h={45} radius="sm" className={classes.thumb} />
      ) : (
        <div className={classes.thumb} aria-hidden />
      )}
      <div className={classes.rowText}>
        <Text size="sm" fw={600} lineClamp={2}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {meta}
        </Text>
      </div>
      {action}
    </Group>
  );
}
