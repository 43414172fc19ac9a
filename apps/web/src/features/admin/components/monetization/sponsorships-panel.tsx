import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SectionCard } from '../section-card';

/** SPEC §2: the sponsor card form (name, URL, message) has no submit behaviour. */
export function SponsorshipsPanel() {
  return (
    <SectionCard
      title="Sponsorships"
      description="Draft the details of a sponsor to feature. Sponsor cards are not published or saved in this version."
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Sponsor name" placeholder="Acme Tools" autoComplete="off" />
          <TextInput label="Sponsor URL" type="url" placeholder="https://example.com" autoComplete="off" />
        </SimpleGrid>
        <Textarea label="Sponsor message" placeholder="This video is sponsored by…" autosize minRows={3} />
        <Text size="xs" c="dimmed">
          Nothing here is sent anywhere.
        </Text>
      </Stack>
    </SectionCard>
  );
}
