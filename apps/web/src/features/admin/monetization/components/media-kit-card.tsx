import { MEDIA_KIT_PATH } from '@app/contracts/report-pages';
import { Anchor, Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '../../shared/components/section-card';
import { SettingSwitch } from '../../shared/components/setting-fields';
import { useSetting } from '../../shared/hooks/use-settings';

/**
 * The media kit (`/media-kit`): switched on here (off, it answers 404 to everyone but the signed-in owner), and
 * previewed before it goes public: the page itself in a frame, which the owner's session opens while it is off.
 */
export function MediaKitCard() {
  const on = useSetting('enableMediaKit');
  const [preview, setPreview] = useState(false);
  return (
    <SectionCard
      title="Media kit"
      description="A page for brands: subscribers, 30-day views, average views of the last 10 long videos, top countries, age and gender, and engagement, refreshed daily from YouTube, each figure with its source and date."
    >
      <SettingSwitch
        settingKey="enableMediaKit"
        label={`Publish the media kit at ${MEDIA_KIT_PATH}`}
        description="Off, the page answers 404 to visitors; you still see it in the preview."
      />
      <Group gap="md">
        <Button variant="default" onClick={() => setPreview(true)}>
          Preview
        </Button>
        {on ? (
          <Anchor href={MEDIA_KIT_PATH} target="_blank" rel="noopener noreferrer" size="sm">
            Open {MEDIA_KIT_PATH}
          </Anchor>
        ) : null}
      </Group>
      <Modal opened={preview} onClose={() => setPreview(false)} title="Media kit preview" size="xl" centered>
        {preview ? (
          <iframe
            src={MEDIA_KIT_PATH}
            title="Media kit preview"
            style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-default-border)' }}
          />
        ) : null}
      </Modal>
    </SectionCard>
  );
}
