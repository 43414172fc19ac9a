import { AnalyticsRollupEntity } from '../analytics/analytics-rollup.entity';
import { AnalyticsDayEntity } from '../analytics/analytics-day.entity';
import { AnalyticsSaltEntity } from '../analytics/analytics-salt.entity';
import { AnalyticsVisitorEntity } from '../analytics/analytics-visitor.entity';
import { AuditEventEntity } from '../audit/audit-event.entity';
import { PasskeyEntity } from '../auth/passkey.entity';
import { RecoveryCodeEntity } from '../auth/recovery-code.entity';
import { ServerResetEntity } from '../auth/server-reset.entity';
import { SessionEntity } from '../auth/session.entity';
import { UserEntity } from '../auth/user.entity';
import { ChannelEntity } from '../channel/channel.entity';
import { ImageEntity } from '../images/image.entity';
import { NotificationRunEntity } from '../email/notification-run.entity';
import { GoogleAccountEntity } from '../google-account/google-account.entity';
import { IntegrationCheckEntity } from '../integrations/integration-check.entity';
import { NewsletterSubscriberEntity } from '../newsletter/newsletter-subscriber.entity';
import { PlaylistEntity } from '../playlists/playlist.entity';
import { PlaylistVideoEntity } from '../playlists/playlist-video.entity';
import { SettingEntity } from '../settings/setting.entity';
import { SponsorshipEntity } from '../sponsorships/sponsorship.entity';
import { SponsorReportLinkEntity } from '../sponsorships/sponsor-report-link.entity';
import { TranscriptCueEntity } from '../transcripts/transcript-cue.entity';
import { VideoTranscriptEntity } from '../transcripts/video-transcript.entity';
import { YoutubeCaptionStateEntity } from '../transcripts/youtube-caption-state.entity';
import { YoutubeCaptionVideoEntity } from '../transcripts/youtube-caption-video.entity';
import { VideoEntity } from '../videos/video.entity';
import { AppLockEntity } from '../youtube/app-lock.entity';
import { LiveStreamEntity } from '../youtube/live-stream.entity';
import { SyncRunEntity } from '../youtube/sync-run.entity';
import { WebsubAnnouncedEntity } from '../youtube/websub-announced.entity';
import { WebsubIntentEntity } from '../youtube/websub-intent.entity';
import { WebsubSubscriptionEntity } from '../youtube/websub-subscription.entity';
import { YoutubeBreakdownDayEntity } from '../youtube-analytics/youtube-breakdown-day.entity';
import { YoutubeChannelDayEntity } from '../youtube-analytics/youtube-channel-day.entity';
import { YoutubeImportStateEntity } from '../youtube-analytics/youtube-import-state.entity';
import { YoutubeSnapshotEntity } from '../youtube-analytics/youtube-snapshot.entity';
import { YoutubeVideoDayEntity } from '../youtube-analytics/youtube-video-day.entity';
import { Images1765500000000 } from './migrations/1765500000000-images';
import { ChannelBanner1765550000000 } from './migrations/1765550000000-channel-banner';
import { Websub1765100000000 } from './migrations/1765100000000-websub';
import { UnknownChannelTotals1765200000000 } from './migrations/1765200000000-unknown-channel-totals';
import { AnalyticsFloods1765440000000 } from './migrations/1765440000000-analytics-floods';
import { GoogleAccount1765600000000 } from './migrations/1765600000000-google-account';
import { YoutubeAnalytics1765700000000 } from './migrations/1765700000000-youtube-analytics';
import { SponsorReports1765800000000 } from './migrations/1765800000000-sponsor-reports';
import { Transcripts1765900000000 } from './migrations/1765900000000-transcripts';
import { YoutubeCaptions1765960000000 } from './migrations/1765960000000-youtube-captions';
import { SiteSearch1766000000000 } from './migrations/1766000000000-site-search';
import { SyncRunPush1765300000000 } from './migrations/1765300000000-sync-run-push';
import { WebsubIntents1765410000000 } from './migrations/1765410000000-websub-intents';
import { InitialSchema1763700000000 } from './migrations/1763700000000-initial-schema';
import { AnalyticsVisitorHero1764925000000 } from './migrations/1764925000000-analytics-visitor-hero';
import { NewsletterConfirmation1765000000000 } from './migrations/1765000000000-newsletter-confirmation';
import { ContentVersion1763800000000 } from './migrations/1763800000000-content-version';
import { AdminTwoFactor1763900000000 } from './migrations/1763900000000-admin-two-factor';
import { LiveState1764000000000 } from './migrations/1764000000000-live-state';
import { IntegrationChecks1764100000000 } from './migrations/1764100000000-integration-checks';
import { NotificationRuns1764300000000 } from './migrations/1764300000000-notification-runs';
import { NewsletterSubscribers1764200000000 } from './migrations/1764200000000-newsletter-subscribers';
import { SiteAnalytics1764400000000 } from './migrations/1764400000000-site-analytics';
import { Sponsorships1764500000000 } from './migrations/1764500000000-sponsorships';
import { PlaylistVideos1764600000000 } from './migrations/1764600000000-playlist-videos';
import { ServerResets1764700000000 } from './migrations/1764700000000-server-resets';
import { LiveStreamEnd1764800000000 } from './migrations/1764800000000-live-stream-end';
import { SessionsAndAudit1764900000000 } from './migrations/1764900000000-sessions-and-audit';
import { Passkeys1764910000000 } from './migrations/1764910000000-passkeys';
import { UnknownCounts1764905000000 } from './migrations/1764905000000-unknown-counts';
import { SyncRunProgress1764924000000 } from './migrations/1764924000000-sync-run-progress';

export const ENTITIES = [
  ChannelEntity,
  VideoEntity,
  PlaylistEntity,
  PlaylistVideoEntity,
  SettingEntity,
  UserEntity,
  SessionEntity,
  RecoveryCodeEntity,
  ServerResetEntity,
  SyncRunEntity,
  AppLockEntity,
  LiveStreamEntity,
  IntegrationCheckEntity,
  NotificationRunEntity,
  NewsletterSubscriberEntity,
  AnalyticsRollupEntity,
  AnalyticsVisitorEntity,
  AnalyticsSaltEntity,
  AnalyticsDayEntity,
  SponsorshipEntity,
  SponsorReportLinkEntity,
  VideoTranscriptEntity,
  TranscriptCueEntity,
  YoutubeCaptionStateEntity,
  YoutubeCaptionVideoEntity,
  AuditEventEntity,
  PasskeyEntity,
  WebsubSubscriptionEntity,
  WebsubAnnouncedEntity,
  WebsubIntentEntity,
  ImageEntity,
  GoogleAccountEntity,
  YoutubeChannelDayEntity,
  YoutubeVideoDayEntity,
  YoutubeBreakdownDayEntity,
  YoutubeSnapshotEntity,
  YoutubeImportStateEntity,
];

/** Listed explicitly (no globs) so the compiled app and the tests load the same set. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  ContentVersion1763800000000,
  AdminTwoFactor1763900000000,
  LiveState1764000000000,
  IntegrationChecks1764100000000,
  NotificationRuns1764300000000,
  NewsletterSubscribers1764200000000,
  SiteAnalytics1764400000000,
  Sponsorships1764500000000,
  PlaylistVideos1764600000000,
  ServerResets1764700000000,
  LiveStreamEnd1764800000000,
  SessionsAndAudit1764900000000,
  UnknownCounts1764905000000,
  Passkeys1764910000000,
  SyncRunProgress1764924000000,
  AnalyticsVisitorHero1764925000000,
  NewsletterConfirmation1765000000000,
  Websub1765100000000,
  UnknownChannelTotals1765200000000,
  SyncRunPush1765300000000,
  WebsubIntents1765410000000,
  AnalyticsFloods1765440000000,
  Images1765500000000,
  ChannelBanner1765550000000,
  GoogleAccount1765600000000,
  YoutubeAnalytics1765700000000,
  SponsorReports1765800000000,
  Transcripts1765900000000,
  YoutubeCaptions1765960000000,
  SiteSearch1766000000000,
];
