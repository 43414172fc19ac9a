import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CHANNEL_ID_PATTERN,
  type ExportableSettings,
  isSecretSetting,
  isSettingsKey,
  pageFeatures,
  pageFeatureSettingsKeys,
  type PagePolicySources,
  pagePolicySources,
  type PublicSettings,
  type PublicSettingsKey,
  publicSettingsKeys,
  retiredSettingsKeys,
  SECRET_MASK,
  type SettingUpdateResult,
  type Settings,
  type SettingsKey,
  secretSettingsKeys,
  settingsKeys,
  settingsRegistry,
  settingValueSchema,
  siteName,
  truncateText,
} from '@app/contracts';
import { type EntityManager, In, Not, type Repository } from 'typeorm';
import { z } from 'zod';
import { isDeepStrictEqual } from 'node:util';
import type { AuditActor } from '../audit/audit-actor';
import { settingChange } from '../audit/audit-detail';
import { AuditService } from '../audit/audit.service';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { envSettingDefaults } from './env-defaults';
import { parseOrThrow } from '../common/validation';
import { SettingEntity } from './setting.entity';
import { toAdminSettings, toPublicSettings, toSettingUpdateResult } from './settings.mapper';

const exportableKeys = settingsKeys.filter((key) => !isSecretSetting(key)) as (keyof ExportableSettings)[];

/**
 * Turns what the admin typed for one key into the value to store, before it is validated (say, a channel URL
 * into its `UC…` id, asking YouTube). It throws an HTTP error naming the key when the input is wrong.
 */
export type SettingInputResolver = (value: unknown) => Promise<unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole settings bag, as in a backup: any subset of the keys, nothing else. */
const settingsBagSchema = z.strictObject(
  Object.fromEntries(settingsKeys.map((key) => [key, settingValueSchema(key).optional()])),
  { error: (issue) => (issue.code === 'invalid_type' ? 'must be an object' : undefined) },
);

/**
 * The settings bag over the `setting` table: one row per key that differs from nothing (a missing row means
 * the default). No cache on purpose: several API processes share the database and a write in one must show
 * in the others at once; reading the ~60 short rows is one indexed query.
 */
@Injectable()
export class SettingsService {
  private readonly logger = new Logger(SettingsService.name);
  private readonly defaults: Partial<Settings>;
  private readonly resolvers = new Map<SettingsKey, SettingInputResolver>();

  constructor(
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    private readonly channels: ChannelService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    @Inject(ENV) env: Env,
  ) {
    this.defaults = envSettingDefaults(env);
  }

  /** Every key, stored values over the defaults, secrets in clear: for use inside the server only. */
  getAll(manager?: EntityManager): Promise<Settings> {
    return this.getMany(settingsKeys, manager);
  }

  /** Some keys only (say, without the inline images): stored values over the defaults, secrets in clear. */
  async getMany<K extends SettingsKey>(
    keys: readonly K[],
    manager?: EntityManager,
  ): Promise<Pick<Settings, K>> {
    const rows = await this.repository(manager).find({ where: { key: In([...keys]) } });
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return Object.fromEntries(keys.map((key) => [key, this.decode(key, byKey.get(key))])) as Pick<
      Settings,
      K
    >;
  }

  /** One key's value (its default when unset); a secret in clear. */
  async get<K extends SettingsKey>(key: K, manager?: EntityManager): Promise<Settings[K]> {
    const row = await this.repository(manager).findOneBy({ key });
    return this.decode(key, row ?? undefined);
  }

  /** What anonymous visitors get. */
  async publicView(): Promise<PublicSettings> {
    return toPublicSettings(await this.publicValues(publicSettingsKeys));
  }

  /** The third-party sources of the pages' policy, from the features switched on. */
  async pagePolicySources(): Promise<PagePolicySources> {
    return pagePolicySources(pageFeatures(await this.publicValues(pageFeatureSettingsKeys)));
  }

  /**
   * Public keys as visitors see them: where the admin left the site title or the channel id empty, the
   * synced channel's title and id stand in (so a synced site has its name and working Subscribe links).
   */
  /**
   * The site's name as visitors see it everywhere (page head, header, RSS, oEmbed): the admin's title, else the
   * synced channel's, else the default, trimmed (`siteName` of the contracts).
   */
  async siteName(): Promise<string> {
    const { siteTitle } = await this.publicValues(['siteTitle']);
    return siteName(siteTitle);
  }

  async publicValues<K extends PublicSettingsKey>(keys: readonly K[]): Promise<Pick<PublicSettings, K>> {
    const values: Partial<PublicSettings> = await this.getMany(keys);
    const wantsTitle = 'siteTitle' in values && !values.siteTitle?.trim();
    const wantsId = 'channelId' in values && !values.channelId;
    if (!wantsTitle && !wantsId) return values as Pick<PublicSettings, K>;
    const channel = await this.channels.find();
    if (channel && wantsTitle) values.siteTitle = truncateText(channel.title.trim(), 100, '');
    if (channel?.youtubeChannelId && wantsId && CHANNEL_ID_PATTERN.test(channel.youtubeChannelId)) {
      values.channelId = channel.youtubeChannelId;
    }
    return values as Pick<PublicSettings, K>;
  }

  /** What the signed-in admin gets: every key, secrets masked (SECRET_MASK when set, '' when not). */
  async adminView(): Promise<Settings> {
    return toAdminSettings(await this.getAll());
  }

  /** Every non-secret key: what a backup carries. */
  exportable(manager?: EntityManager): Promise<ExportableSettings> {
    return this.getMany(exportableKeys, manager);
  }

  /** The registry key named by a request, or a 400 `key: unknown setting "x"`. */
  resolveKey(key: string): SettingsKey {
    if (isSettingsKey(key)) return key;
    throw new BadRequestException(`key: unknown setting ${JSON.stringify(key.slice(0, 64))}`);
  }

  /**
   * Lets the module that knows a key turn the admin's input into the stored value on `POST /api/settings/{key}`
   * (the channel: URL or handle to `UC…` id). Backups and internal writes store values as they are.
   */
  useInputResolver(key: SettingsKey, resolver: SettingInputResolver): void {
    this.resolvers.set(key, resolver);
  }

  /**
   * `POST /api/settings/{key}`: resolves, validates, stores, and answers with the stored value (secrets masked); a
   * change goes into the audit log.
   */
  async update(key: string, value: unknown, who: AuditActor): Promise<SettingUpdateResult> {
    const settingKey = this.resolveKey(key);
    const resolver = this.resolvers.get(settingKey);
    const keepsSecret = isSecretSetting(settingKey) && value === SECRET_MASK;
    const input = resolver && !keepsSecret ? await resolver(value) : value;
    const before = await this.get(settingKey);
    const after = await this.set(settingKey, input);
    if (!isDeepStrictEqual(before, after)) {
      await this.audit.record('setting-changed', who, settingChange(settingKey, before, after));
    }
    return toSettingUpdateResult(settingKey, after);
  }

  /**
   * Validates and stores one value (a 400 naming the key when it is invalid; nothing is written then).
   * For a secret, SECRET_MASK keeps the stored value. Returns the value now stored.
   */
  async set<K extends SettingsKey>(key: K, value: unknown, manager?: EntityManager): Promise<Settings[K]> {
    if (isSecretSetting(key) && value === SECRET_MASK) return this.get(key, manager);
    const parsed = this.validate(key, value);
    await this.repository(manager).upsert(this.row(key, parsed), ['key']);
    return parsed;
  }

  /** Validates a one-key value; the 400's message is `key: …` or `key.field: …`. */
  validate<K extends SettingsKey>(key: K, value: unknown): Settings[K] {
    const schema = z.object({ [key]: settingValueSchema(key) });
    return (parseOrThrow(schema, { [key]: value }) as Record<K, Settings[K]>)[key];
  }

  /**
   * Validates a whole bag (a backup's settings) without writing: unknown keys and bad values are a 400
   * naming `root.key`. Secrets sent as SECRET_MASK are dropped (the stored ones stay), and so are the
   * retired keys an older backup may still carry.
   */
  validateAll(values: unknown, root = 'settings'): Partial<Settings> {
    const unmasked = isPlainObject(values)
      ? Object.fromEntries(
          Object.entries(values).filter(
            ([key, value]) =>
              !retiredSettingsKeys.includes(key) &&
              !(value === SECRET_MASK && isSettingsKey(key) && isSecretSetting(key)),
          ),
        )
      : values;
    const wrapped = parseOrThrow(z.object({ [root]: settingsBagSchema }), { [root]: unmasked });
    return wrapped[root] as Partial<Settings>;
  }

  /**
   * Replaces every non-secret setting by the bag's values (absent keys go back to their defaults); secrets
   * are replaced only when the bag carries them. Validates everything first, then writes through `manager`
   * (the caller's transaction), so a bad bag writes nothing.
   */
  async replaceAll(values: unknown, manager: EntityManager, root = 'settings'): Promise<void> {
    const bag = this.validateAll(values, root);
    const keptSecrets = secretSettingsKeys.filter((key) => !(key in bag));
    const remove = manager.createQueryBuilder().delete().from(SettingEntity);
    await (keptSecrets.length ? remove.where({ key: Not(In(keptSecrets)) }) : remove).execute();
    // One row per statement: three 2 MB images in one INSERT could pass MySQL's max_allowed_packet.
    for (const key of Object.keys(bag) as SettingsKey[]) {
      await manager.insert(SettingEntity, this.row(key, bag[key]));
    }
  }

  private repository(manager?: EntityManager): Repository<SettingEntity> {
    return manager ? manager.getRepository(SettingEntity) : this.settings;
  }

  private row(key: SettingsKey, value: unknown): SettingEntity {
    return { key, value: JSON.stringify(value), updatedAt: new Date(this.clock.now()) };
  }

  /** A stored value, or the default (the environment's, else the registry's) when there is none or it no longer passes the registry's schema. */
  private decode<K extends SettingsKey>(key: K, row: SettingEntity | undefined): Settings[K] {
    if (row) {
      try {
        const result = settingValueSchema(key).safeParse(JSON.parse(row.value));
        if (result.success) return result.data as Settings[K];
        this.logger.warn(`Stored setting ${key} no longer validates; using its default`);
      } catch {
        this.logger.warn(`Stored setting ${key} is not valid JSON; using its default`);
      }
    }
    return structuredClone(
      key in this.defaults ? this.defaults[key] : settingsRegistry[key].default,
    ) as Settings[K];
  }
}
