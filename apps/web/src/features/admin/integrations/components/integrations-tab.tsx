import { Stack } from '@mantine/core';
import { SettingsGate } from '../../shared/components/settings-gate';
import { SubTabs } from '../../shared/components/sub-tabs';
import { SettingSwitch, SettingTextField } from '../../shared/components/setting-fields';
import { SectionCard } from '../../shared/components/section-card';
import { useSetting } from '../../shared/hooks/use-settings';
import { EmailActions } from './email-actions';
import { NewsletterPanel } from './newsletter-panel';
import { OverviewPanel } from './overview-panel';
import { SmtpFields } from './smtp-fields';

function AnalyticsPanel() {
  const ga = useSetting('enableGoogleAnalytics');
  const plausible = useSetting('enablePlausible');
  return (
    <Stack gap="lg">
      <SectionCard
        title="Site analytics"
        description="The site's own visit counts for the Analytics tab: no cookies, no stored IP addresses, no consent needed."
      >
        <SettingSwitch settingKey="enableSiteAnalytics" label="Count visits on the site" />
      </SectionCard>
      <SectionCard title="Google Analytics" description="Loads Google Analytics on the home page.">
        <SettingSwitch settingKey="enableGoogleAnalytics" label="Enable Google Analytics" />
        {ga ? (
          <SettingTextField
            settingKey="googleAnalyticsId"
            label="Measurement ID"
            placeholder="G-XXXXXXXXXX"
          />
        ) : null}
      </SectionCard>
      <SectionCard title="Plausible" description="Privacy-friendly analytics without cookies.">
        <SettingSwitch settingKey="enablePlausible" label="Enable Plausible" />
        {plausible ? (
          <SettingTextField settingKey="plausibleDomain" label="Plausible domain" placeholder="example.com" />
        ) : null}
      </SectionCard>
    </Stack>
  );
}

function NotificationsPanel() {
  const discord = useSetting('enableDiscordWebhook');
  const emailNew = useSetting('emailNewVideos');
  const emailWeekly = useSetting('emailWeeklySummary');
  return (
    <Stack gap="lg">
      <SectionCard title="Discord" description="Posts a message to your Discord server for every new video.">
        <SettingSwitch settingKey="enableDiscordWebhook" label="Enable Discord webhook" />
        {discord ? (
          <>
            <SettingTextField
              settingKey="discordWebhook"
              label="Discord webhook URL"
              type="url"
              secret
              placeholder="https://discord.com/api/webhooks/…"
              description="Stored as a secret: it is shown masked; type over it to replace it."
            />
            <SettingTextField
              settingKey="discordMessageTemplate"
              label="Message template"
              multiline
              description="Placeholders: {title}, {url} and {description}."
            />
          </>
        ) : null}
      </SectionCard>
      <SectionCard title="Email" description="Messages to you about the channel.">
        <SettingSwitch settingKey="emailNewVideos" label="Email on new videos" />
        <SettingSwitch settingKey="emailWeeklySummary" label="Weekly summary email" />
        {emailNew || emailWeekly ? (
          <>
            <SettingTextField
              settingKey="notificationEmail"
              label="Notification email"
              type="email"
              placeholder="you@example.com"
              autoComplete="email"
            />
            <SmtpFields />
            <EmailActions weeklySummary={emailWeekly} />
          </>
        ) : null}
      </SectionCard>
    </Stack>
  );
}

function AdvancedPanel() {
  const webhook = useSetting('enableCustomWebhook');
  return (
    <Stack gap="lg">
      <SectionCard
        title="Custom webhook"
        description="Sends a signed JSON event (video.published) to your endpoint for every new video."
      >
        <SettingSwitch settingKey="enableCustomWebhook" label="Enable custom webhook" />
        {webhook ? (
          <>
            <SettingTextField
              settingKey="customWebhookUrl"
              label="Webhook URL"
              type="url"
              secret
              placeholder="https://example.com/hooks/videos"
              description="Stored as a secret (it may carry a token): it is shown masked; type over it to replace it."
            />
            <SettingTextField
              settingKey="customWebhookSecret"
              label="Webhook secret"
              secret
              description="Signs each request (HMAC-SHA256). Stored as a secret and shown masked."
            />
          </>
        ) : null}
      </SectionCard>
      <SectionCard title="Mailchimp" description="Newsletter sign-ups go to your Mailchimp audience.">
        <SettingTextField
          settingKey="mailchimpApiKey"
          label="Mailchimp API key"
          secret
          placeholder="xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-us1"
          description="Stored as a secret and shown masked."
        />
        <SettingTextField
          settingKey="mailchimpAudienceId"
          label="Audience ID"
          placeholder="a1b2c3d4e5"
          description="Audience → Settings → Audience name and defaults. With a key and an audience, sign-ups get a confirmation e-mail from Mailchimp (double opt-in)."
        />
      </SectionCard>
      <NewsletterPanel />
    </Stack>
  );
}

/** The integrations tab: Overview, Analytics, Notifications, Advanced. */
export function IntegrationsTab({
  sub,
  onSubChange,
}: {
  sub: string | null;
  onSubChange: (sub: string) => void;
}) {
  return (
    <SettingsGate scope="integration">
      <SubTabs
        label="Integration sections"
        value={sub}
        onChange={onSubChange}
        items={[
          { value: 'overview', label: 'Overview', render: () => <OverviewPanel /> },
          { value: 'analytics', label: 'Analytics', render: () => <AnalyticsPanel /> },
          { value: 'notifications', label: 'Notifications', render: () => <NotificationsPanel /> },
          { value: 'advanced', label: 'Advanced', render: () => <AdvancedPanel /> },
        ]}
      />
    </SettingsGate>
  );
}
