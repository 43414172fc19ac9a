import { apiPaths } from '@app/contracts/api-paths';
import type { CountryViews, SponsorReport, SponsorReportVideo } from '@app/contracts/sponsor-reports';
import { watchUrl } from '@app/contracts/youtube';
import { t } from '../../i18n/i18n';
import { FigureBlock, FigureCard } from './figure-card';
import { countryName, formatDay, formatInstant, formatNumber, formatPercent } from './figure-text';
import { RetentionChart } from './retention-chart';

/**
 * The top countries with their views, and each one's share of `total` (all the views, not only the listed
 * countries'), when the total is known.
 */
export function CountryTable({ countries, total }: { countries: CountryViews; total: number | null }) {
  const share = total ? total : null;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('figure.country')}</th>
          <th scope="col" className="n">
            {t('figure.views')}
          </th>
          {share ? (
            <th scope="col" className="n">
              {t('figure.share')}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {countries.map((c) => (
          <tr key={c.country}>
            <td>{countryName(c.country)}</td>
            <td className="n">{formatNumber(c.views)}</td>
            {share ? <td className="n">{formatPercent((c.views / share) * 100)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const count = (n: number) => formatNumber(n);

function VideoSection({ video }: { video: SponsorReportVideo }) {
  const { viewsAt } = video;
  return (
    <section aria-labelledby={`v-${video.videoId}`}>
      <h2 id={`v-${video.videoId}`}>{video.title ?? video.videoId}</h2>
      <p className="meta">
        {video.publishedAt
          ? t('report.published', { date: formatDay(video.publishedAt.slice(0, 10)) })
          : t('report.notOnSite')}
        {' · '}
        <a href={watchUrl(video.videoId)} rel="noopener noreferrer">
          youtu.be/{video.videoId}
        </a>
      </p>
      <dl className="figures">
        <FigureCard label={t('report.viewsAt', { day: 7 })} figure={viewsAt.day7} value={count} />
        <FigureCard label={t('report.viewsAt', { day: 14 })} figure={viewsAt.day14} value={count} />
        <FigureCard label={t('report.viewsAt', { day: 30 })} figure={viewsAt.day30} value={count} />
        <FigureCard label={t('report.views')} figure={video.views} value={count} />
        <FigureCard
          label={t('report.watchTime')}
          figure={video.watchHours}
          value={(hours) => t('figure.hours', { hours: formatNumber(hours, 1) })}
        />
        <FigureCard
          label={t('report.averageViewed')}
          figure={video.averageViewPercentage}
          value={(percent) => formatPercent(percent)}
        />
      </dl>
      <div className="blocks">
        <FigureBlock title={t('report.retention')} figure={video.retention}>
          {(points) => (
            <>
              <RetentionChart points={points} />
              <p className="note">{t('report.retentionNote')}</p>
            </>
          )}
        </FigureBlock>
        <FigureBlock title={t('figure.topCountries')} figure={video.topCountries}>
          {(countries) => (
            <CountryTable countries={countries} total={video.views.available ? video.views.value : null} />
          )}
        </FigureBlock>
      </div>
    </section>
  );
}

/**
 * A sponsor report as a document (docs/sponsor-reports.md): the deal, the clicks on the sponsor's link on this
 * site, and for each sponsored video its views at day 7, 14 and 30, watch time, average percentage viewed,
 * retention curve and top countries, each with where and when it was read. Static: no script, prints as shown.
 */
export function SponsorReportDocument({ report, token }: { report: SponsorReport; token: string }) {
  return (
    <main>
      <header>
        <p className="eyebrow">{t('report.eyebrow', { site: report.siteName })}</p>
        <h1>{report.sponsorName}</h1>
        <p>
          {t('report.deal', { start: formatDay(report.startDate), end: formatDay(report.endDate) })}
          {' · '}
          {t('report.link')}:{' '}
          <a href={report.sponsorUrl} rel="nofollow noopener noreferrer">
            {report.sponsorUrl}
          </a>
        </p>
        <p className="meta">{t('report.generated', { date: formatInstant(report.generatedAt) })}</p>
        <p className="actions no-print">
          <a href={apiPaths.sponsorReportCsv(token)} download>
            {t('report.csv')}
          </a>
          <span className="note">{t('report.print')}</span>
        </p>
      </header>
      <dl className="figures">
        <FigureCard
          label={t('report.clicks')}
          figure={report.clicks}
          value={count}
          detail={() =>
            t('report.clicksPeriod', { from: formatDay(report.clicksFrom), to: formatDay(report.clicksTo) })
          }
        />
      </dl>
      {report.videos.length === 0 ? <p className="notice">{t('report.noVideos')}</p> : null}
      {report.videos.map((video) => (
        <VideoSection key={video.videoId} video={video} />
      ))}
    </main>
  );
}

/** A link that is none (404) or was revoked (410): a short page, in the site's language. */
export function ReportGoneDocument({ status }: { status: 404 | 410 }) {
  const kind = status === 410 ? 'gone' : 'notFound';
  return (
    <main>
      <h1>{t(`report.${kind}.title`)}</h1>
      <p>{t(`report.${kind}.text`)}</p>
    </main>
  );
}
