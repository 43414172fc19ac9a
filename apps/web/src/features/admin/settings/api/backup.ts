import { backupFileName, type ImportResult, type SitemapResult } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { CURRENT_USER_PATH } from '../../../auth/api/get-current-user';
import { attachmentFileName, type DownloadedFile, saveFile } from '../../shared/lib/download';
import { plural } from '../../shared/lib/figures';

/** `GET /api/admin/export`: the backup as a file, named as the API names it. */
export async function exportBackup(): Promise<DownloadedFile> {
  const res = await apiRequest('GET', apiPaths.export);
  const fileName = attachmentFileName(res.headers.get('Content-Disposition')) ?? backupFileName(new Date());
  return { blob: await res.blob(), fileName };
}

/** Downloads the dated backup; nothing cached changes. */
export function useExportBackup() {
  return useMutation({
    mutationFn: exportBackup,
    onSuccess: (file) => {
      saveFile(file);
      replaceToast({ title: 'Data exported', description: `Saved ${file.fileName}` });
    },
    onError: (error) => {
      replaceToast({ title: 'Export failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function importBackup(backup: unknown): Promise<ImportResult> {
  return apiRequest('POST', apiPaths.import, backup).then((res) => readJson<ImportResult>(res));
}

/**
 * Restores a backup. It replaces videos, playlists, channel stats and settings, which is every
 * cached answer except who is signed in, so all of those reload.
 */
export function useImportBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBackup,
    onSuccess: async (result) => {
      replaceToast({
        title: 'Data imported',
        description: `Restored ${plural(result.videos, 'video')}, ${plural(result.playlists, 'playlist')} and ${plural(result.settings, 'setting')}`,
      });
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_PATH });
    },
    onError: (error) => {
      replaceToast({ title: 'Import failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function generateSitemap(): Promise<SitemapResult> {
  return apiRequest('POST', apiPaths.generateSitemap).then((res) => readJson<SitemapResult>(res));
}

export function useGenerateSitemap() {
  return useMutation({
    mutationFn: generateSitemap,
    onSuccess: (result) => {
      replaceToast({
        title: 'Sitemap generated',
        description: `${result.url} lists ${plural(result.videos, 'video')}`,
      });
    },
    onError: () => {
      replaceToast({
        title: 'Failed to generate sitemap',
        description: 'There was an error generating the sitemap',
        variant: 'destructive',
      });
    },
  });
}
