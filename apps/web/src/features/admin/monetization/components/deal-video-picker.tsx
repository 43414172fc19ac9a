import { SPONSORSHIP_MAX_VIDEOS } from '@app/contracts';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useDealVideoSearch, useVideoTitles } from '../api/deal-videos';

/**
 * The videos a deal sponsors (at most SPONSORSHIP_MAX_VIDEOS): searched among the site's videos by the API (title
 * or description), the picked ones shown by their titles. Their YouTube figures go into the deal's report.
 */
export function DealVideoPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const found = useDealVideoSearch(query);
  const titles = useVideoTitles(value);
  const options = new Map<string, string>();
  for (const id of value) options.set(id, titles.get(id) ?? id);
  for (const video of found.data?.videos ?? [])
    if (!options.has(video.id)) options.set(video.id, video.title);
  return (
    <MultiSelect
      label="Sponsored videos"
      description="Their YouTube Analytics figures go into the deal’s report, with this site’s clicks on the Sponsor URL where their descriptions carry it (written as it is here)."
      placeholder={value.length < SPONSORSHIP_MAX_VIDEOS ? 'Search the site’s videos' : undefined}
      data={[...options].map(([id, title]) => ({ value: id, label: title }))}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The API searched already: show what it found, not Mantine's own filter of it.
      filter={({ options: all }) => all}
      maxValues={SPONSORSHIP_MAX_VIDEOS}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No video matches'}
      clearable
      data-testid="deal-videos"
    />
  );
}
