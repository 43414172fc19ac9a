import type { MediaKit } from '@app/contracts/media-kit';
import { t } from '../../i18n/i18n';
import { FigureBlock, FigureCard } from './figure-card';
import { formatDay, formatNumber, formatPercent } from './figure-text';
import { CountryTable } from './sponsor-report-document';

type AgeGender = Extract<MediaKit['ageGender'], { available: true }>['value'];

const GENDERS = ['female', 'male', 'user_specified'] as const;

/** YouTube's `age18-24` as `18–24`, `age65-` as `65+`. */
const ageLabel = (group: string) => group.replace(/^age/, '').replace(/-$/, '+').replace('-', '–');

/** Age groups down, genders across, viewer percentages in the cells (YouTube's signed-in viewers). */
function AgeGenderTable({ rows }: { rows: AgeGender }) {
  const groups = [...new Set(rows.map((r) => r.ageGroup))].sort();
  const genders = GENDERS.filter((g) => rows.some((r) => r.gender === g));
  const cell = (group: string, gender: string) =>
    rows.find((r) => r.ageGroup === group && r.gender === gender)?.viewerPercentage ?? 0;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('mediaKit.age')}</th>
          {genders.map((g) => (
            <th scope="col" className="n" key={g}>
              {t(`mediaKit.gender.${g}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group}>
            <th scope="row">{ageLabel(group)}</th>
            {genders.map((g) => (
              <td className="n" key={g}>
                {formatPercent(cell(group, g))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The media kit as a document (docs/media-kit.md): subscribers, 30-day views, average views of the last long
 * videos, engagement, top countries, age and gender, each with its source and the moment it was read.
 */
export function MediaKitDocument({ kit }: { kit: MediaKit }) {
  const period = kit.period
    ? t('mediaKit.period', { from: formatDay(kit.period.from), to: formatDay(kit.period.to) })
    : undefined;
  return (
    <main>
      {kit.preview ? <p className="notice">{t('mediaKit.preview')}</p> : null}
      <header>
        <p className="eyebrow">{t('mediaKit.eyebrow')}</p>
        <h1>{kit.channel.title}</h1>
        {kit.channel.url ? (
          <p>
            <a href={kit.channel.url} rel="noopener noreferrer">
              {kit.channel.handle ?? t('mediaKit.channel')}
            </a>
          </p>
        ) : null}
      </header>
      <dl className="figures">
        <FigureCard
          label={t('mediaKit.subscribers')}
          figure={kit.subscribers}
          value={(n) => formatNumber(n)}
        />
        <FigureCard
          label={t('mediaKit.views30d')}
          figure={kit.views30d}
          value={(n) => formatNumber(n)}
          detail={period ? () => period : undefined}
        />
        <FigureCard
          label={t('mediaKit.averageViews')}
          figure={kit.averageViews}
          value={(v) => formatNumber(v.average)}
          detail={(v) => t('mediaKit.averageViewsDetail', { count: v.videos })}
        />
        <FigureCard
          label={t('mediaKit.engagement')}
          figure={kit.engagement}
          value={(e) => formatPercent(e.ratePercent, 2)}
          detail={(e) =>
            t('mediaKit.engagementDetail', {
              likes: formatNumber(e.likes),
              comments: formatNumber(e.comments),
              shares: formatNumber(e.shares),
            })
          }
        />
      </dl>
      <div className="blocks">
        <FigureBlock title={t('figure.topCountries')} figure={kit.topCountries}>
          {(countries) => (
            <CountryTable countries={countries} total={kit.views30d.available ? kit.views30d.value : null} />
          )}
        </FigureBlock>
        <FigureBlock title={t('mediaKit.ageGender')} figure={kit.ageGender}>
          {(rows) => (
            <>
              <AgeGenderTable rows={rows} />
              <p className="note">{t('mediaKit.ageGenderNote')}</p>
            </>
          )}
        </FigureBlock>
      </div>
      <footer>
        <p>{t('mediaKit.sources')}</p>
      </footer>
    </main>
  );
}
