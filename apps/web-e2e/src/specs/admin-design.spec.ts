import { type Settings, themes } from '@app/contracts';
import { type Page } from '@playwright/test';
import {
  readSetting,
  readSettings,
  recordSettingPosts,
  savedSetting,
  writeSetting,
} from '../pages/admin-api';
import {
  bigPngFile,
  dataUrlOf,
  fakePngFile,
  gifFile,
  pngFile,
  svgFile,
  textFile,
} from '../pages/admin-files';
import { AdminPage } from '../pages/admin-page';
import { expect, test } from '../support/test';

// These tests share the design settings (colours, grid, sections), so they run in order.
test.describe.configure({ mode: 'default' });

const DESIGN_KEYS = [
  'selectedTheme',
  'primaryColor',
  'accentColor',
  'backgroundColor',
  'textColor',
  'colorScheme',
  'videoGridColumns',
  'showFeaturedVideo',
  'showPlaylistSection',
  'showSubscriberCount',
  'showCommunitySection',
  'heroBackgroundType',
  'heroImage',
  'heroVideoUrl',
  'logoImage',
  'faviconImage',
  'headingFont',
  'bodyFont',
  'monoFont',
  'baseFontSize',
] as const satisfies readonly (keyof Settings)[];

/** Puts the design settings back as they were, whatever a test did. */
async function restoreDesign(page: Page, saved: Partial<Settings>) {
  const now = await readSettings(page.request);
  for (const key of DESIGN_KEYS) {
    if (JSON.stringify(now[key]) !== JSON.stringify(saved[key])) {
      await writeSetting(page.request, key, saved[key] as never);
    }
  }
}

/**
 * Removes an uploaded image with its Remove button; the preview goes, the API stores null, and
 * after a reload the field still shows no image.
 */
async function removeImage(page: Page, label: string, key: 'logoImage' | 'faviconImage' | 'heroImage') {
  const admin = new AdminPage(page);
  const preview = page.getByRole('img', { name: `${label} preview` });
  await expect(preview).toBeVisible();
  await page.getByRole('button', { name: `Remove ${label.toLowerCase()}` }).click();
  await admin.expectToast('Settings saved', `${label} updated`);
  await expect(preview).toHaveCount(0);
  expect(await readSetting(page.request, key)).toBeNull();
  await page.reload();
  await expect(page.getByRole('button', { name: `Upload ${label.toLowerCase()}` })).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${label.toLowerCase()}` })).toHaveCount(0);
}

let initial: Settings;
test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signIn('?tab=design&sub=themes');
  initial = await readSettings(page.request);
});
test.afterEach(async ({ page }) => {
  await restoreDesign(page, initial);
});

test.describe('Themes', () => {
  test('choosing a theme applies its colours and marks it current', async ({ page }) => {
    const admin = new AdminPage(page);
    const current = page.getByRole('button', { pressed: true });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Dark Mode');
    await expect(current).toContainText('Current');

    const ocean = themes.find((t) => t.id === 'blue-ocean')!;
    await page.getByRole('button', { name: /Blue Ocean/ }).click();
    await admin.expectToast('Settings saved', 'Blue Ocean theme applied');
    await expect(page.getByRole('button', { name: /Blue Ocean/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /Dark Mode/ })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('textbox', { name: 'Primary color' })).toHaveValue(ocean.primary);

    const stored = await readSettings(page.request);
    expect({
      selectedTheme: stored.selectedTheme,
      primaryColor: stored.primaryColor,
      accentColor: stored.accentColor,
      backgroundColor: stored.backgroundColor,
      textColor: stored.textColor,
    }).toEqual({
      selectedTheme: 'blue-ocean',
      primaryColor: ocean.primary,
      accentColor: ocean.accent,
      backgroundColor: ocean.background,
      textColor: ocean.text,
    });

    await page.reload();
    await expect(page.getByRole('button', { pressed: true })).toContainText('Blue Ocean');
    await expect(page.getByRole('button', { pressed: true })).toContainText('Current');
  });

  test('a colour saves once, 1 s after a burst of typing', async ({ page }) => {
    const admin = new AdminPage(page);
    const field = page.getByRole('textbox', { name: 'Accent color' });
    const posts = recordSettingPosts(page, 'accentColor');
    // Time the last keystroke and the save in the page itself, free of the runner's delays.
    await page.evaluate(() => {
      const w = window as unknown as { lastInput: number; savedAt: number[] };
      w.lastInput = 0;
      w.savedAt = [];
      document.addEventListener('input', () => (w.lastInput = performance.now()), true);
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (init?.method === 'POST' && String(input).endsWith('/api/settings/accentColor')) {
          w.savedAt.push(performance.now());
        }
        return fetch(input, init);
      };
    });
    await field.click();
    await field.press('ControlOrMeta+a');
    await field.pressSequentially('#12AB34', { delay: 40 });
    await expect.poll(() => posts.length, { timeout: 3000 }).toBe(1);
    const { lastInput, savedAt } = await page.evaluate(() => {
      const w = window as unknown as { lastInput: number; savedAt: number[] };
      return { lastInput: w.lastInput, savedAt: w.savedAt };
    });
    expect(savedAt).toHaveLength(1);
    expect(savedAt[0] - lastInput, 'saved 1 s after the last keystroke').toBeGreaterThanOrEqual(995);
    await admin.expectToast('Settings saved', 'Accent color updated');
    await page.waitForTimeout(1200);
    expect(posts).toHaveLength(1);
    expect(posts[0].postDataJSON()).toEqual({ value: '#12AB34' });
    expect(await readSetting(page.request, 'accentColor')).toBe('#12AB34');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Accent color' })).toHaveValue('#12AB34');
  });

  test('a colour text field saves at once when it loses focus, and the colour stays after a reload', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    const colours = [
      ['Primary color', 'primaryColor', '#22AA88'],
      ['Text color', 'textColor', '#EEEEEE'],
      ['Background color', 'backgroundColor', '#101820'],
    ] as const;
    for (const [label, key, value] of colours) {
      expect(initial[key], `${label} is a change`).not.toBe(value);
      const field = page.getByRole('textbox', { name: label });
      const posts = recordSettingPosts(page, key);
      await field.fill(value);
      await field.press('Tab');
      await expect.poll(() => posts.length, { timeout: 600 }).toBe(1);
      await admin.expectToast('Settings saved', `${label} updated`);
      await page.waitForTimeout(1200);
      expect(posts, 'no second save from the debounce').toHaveLength(1);
      expect(posts[0].postDataJSON()).toEqual({ value });
      expect(await readSetting(page.request, key)).toBe(value);
    }

    await page.reload();
    for (const [label, , value] of colours) {
      await expect(page.getByRole('textbox', { name: label })).toHaveValue(value);
    }
  });

  test('an invalid colour is refused with the design failure toast', async ({ page }) => {
    const admin = new AdminPage(page);
    const field = page.getByRole('textbox', { name: 'Background color' });
    await field.fill('#12');
    await expect(page.getByText('Use a colour like #FF0000')).toBeVisible();
    await page.waitForTimeout(1200);
    const saved = await savedSetting(page, 'backgroundColor', () => field.blur());
    expect(saved.status).toBe(400);
    await admin.expectDestructiveToast(
      'Failed to update design settings',
      '400: backgroundColor: must be a colour like #FF0000',
    );
    // The field goes back to the stored colour.
    await expect(field).toHaveValue(initial.backgroundColor);
    expect(await readSetting(page.request, 'backgroundColor')).toBe(initial.backgroundColor);
  });
});

test.describe('Layout', () => {
  test('grid columns, colour scheme and section toggles save on change and stay after a reload', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    await admin.subtab('Layout').click();

    await admin.choose('Video grid columns', '5');
    await admin.expectToast('Settings saved', 'Video grid columns updated');
    await admin.choose('Color scheme', 'Light');
    await admin.expectToast('Settings saved', 'Color scheme updated');
    const sections = {
      showFeaturedVideo: 'Show featured video',
      showPlaylistSection: 'Show playlists section',
      showSubscriberCount: 'Show subscriber count',
      showCommunitySection: 'Show community section',
    } as const;
    for (const label of Object.values(sections)) {
      const toggle = page.getByRole('switch', { name: label });
      await expect(toggle).toBeChecked();
      await admin.flip(toggle);
      await admin.expectToast('Settings saved', `${label} updated`);
    }

    await expect
      .poll(async () => {
        const s = await readSettings(page.request);
        return [
          s.videoGridColumns,
          s.colorScheme,
          ...Object.keys(sections).map((k) => s[k as keyof typeof sections]),
        ];
      })
      .toEqual([5, 'light', false, false, false, false]);

    await page.reload();
    await expect(
      page.getByRole('radiogroup', { name: 'Video grid columns' }).getByRole('radio', { name: '5' }),
    ).toBeChecked();
    await expect(
      page.getByRole('radiogroup', { name: 'Color scheme' }).getByRole('radio', { name: 'Light' }),
    ).toBeChecked();
    for (const label of Object.values(sections)) {
      await expect(page.getByRole('switch', { name: label })).not.toBeChecked();
    }
  });

  test('the hero image upload shows only for the image background, stays after a reload and can be removed; the video URL only for video', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    await admin.subtab('Layout').click();
    const upload = page.getByRole('button', { name: 'Upload hero image' });
    const videoUrl = page.getByRole('textbox', { name: 'Hero video URL' });
    await expect(upload).toHaveCount(0);
    await expect(videoUrl).toHaveCount(0);

    await admin.choose('Hero background type', 'Image');
    await expect(upload).toBeVisible();
    await expect(videoUrl).toHaveCount(0);
    const image = pngFile('hero.png');
    await admin.upload(upload, image);
    await admin.expectToast('File uploaded', 'Hero image: hero.png');
    await expect(page.getByRole('img', { name: 'Hero image preview' })).toHaveAttribute(
      'src',
      dataUrlOf(image),
    );
    expect(await readSetting(page.request, 'heroImage')).toBe(dataUrlOf(image));
    await expect.poll(() => readSetting(page.request, 'heroBackgroundType')).toBe('image');

    await page.reload();
    await expect(page.getByRole('img', { name: 'Hero image preview' })).toHaveAttribute(
      'src',
      dataUrlOf(image),
    );
    await removeImage(page, 'Hero image', 'heroImage');

    // A choice shows before its save answers: each read or reload below waits for the save it depends on.
    await savedSetting(page, 'heroBackgroundType', () => admin.choose('Hero background type', 'Video'));
    await expect(upload).toHaveCount(0);
    await expect(videoUrl).toHaveAttribute('type', 'url');
    await videoUrl.fill('https://cdn.example.com/loop.mp4');
    await savedSetting(page, 'heroVideoUrl', () => videoUrl.blur());
    expect(await readSetting(page.request, 'heroVideoUrl')).toBe('https://cdn.example.com/loop.mp4');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Hero video URL' })).toHaveValue(
      'https://cdn.example.com/loop.mp4',
    );
    await savedSetting(page, 'heroBackgroundType', () => admin.choose('Hero background type', 'Gradient'));
    await expect(page.getByRole('textbox', { name: 'Hero video URL' })).toHaveCount(0);
    expect(await readSetting(page.request, 'heroBackgroundType')).toBe('gradient');
  });
});

test.describe('Branding', () => {
  test('logo and favicon upload with a preview, stored inline, and can be removed', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.subtab('Branding').click();

    const logo = pngFile('logo.png');
    await admin.upload(page.getByRole('button', { name: 'Upload logo' }), logo);
    await admin.expectToast('File uploaded', 'Logo: logo.png');
    await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', dataUrlOf(logo));

    const favicon = gifFile('favicon.gif');
    await admin.upload(page.getByRole('button', { name: 'Upload favicon' }), favicon);
    await admin.expectToast('File uploaded', 'Favicon: favicon.gif');
    const stored = await readSettings(page.request);
    expect([stored.logoImage, stored.faviconImage]).toEqual([dataUrlOf(logo), dataUrlOf(favicon)]);

    await page.reload();
    await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', dataUrlOf(logo));
    await expect(page.getByRole('img', { name: 'Favicon preview' })).toHaveAttribute(
      'src',
      dataUrlOf(favicon),
    );

    await removeImage(page, 'Logo', 'logoImage');
    await removeImage(page, 'Favicon', 'faviconImage');
  });

  test('wrong files get a clear error and change nothing', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.subtab('Branding').click();
    const button = page.getByRole('button', { name: 'Upload logo' });
    const posts = recordSettingPosts(page, 'logoImage');

    await admin.upload(button, textFile());
    await admin.expectDestructiveToast(
      'Upload failed',
      'notes.txt is not an image (use PNG, JPEG, WebP, GIF or ICO)',
    );
    await admin.upload(button, svgFile());
    await admin.expectDestructiveToast('Upload failed', 'logo.svg is an SVG image');
    await admin.upload(button, bigPngFile());
    await admin.expectDestructiveToast('Upload failed', 'huge.png is 3.0 MB; images must be at most 2 MB');
    await admin.upload(button, fakePngFile());
    await admin.expectDestructiveToast(
      'Upload failed',
      'fake.png: content is not a PNG, JPEG, WebP, GIF or ICO image',
    );

    expect(posts).toHaveLength(0);
    expect(await readSetting(page.request, 'logoImage')).toBe(initial.logoImage);
  });

  test('the hero image is offered under Branding only for the image background', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.subtab('Branding').click();
    await expect(page.getByRole('button', { name: 'Upload hero image' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Layout' }).click();
    await expect(admin.subtab('Layout')).toHaveAttribute('aria-selected', 'true');
    // Saved before the test ends, so the design put back after it is not overwritten by a late save.
    await savedSetting(page, 'heroBackgroundType', () => admin.choose('Hero background type', 'Image'));
    await admin.subtab('Branding').click();
    await expect(page.getByRole('button', { name: 'Upload hero image' })).toBeVisible();
  });
});

test.describe('Typography', () => {
  test('fonts from the SPEC lists and the base size save 1 s after the change', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.subtab('Typography').click();

    await page.getByRole('combobox', { name: 'Heading font', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Inter',
      'Roboto',
      'Open Sans',
      'Poppins',
      'Montserrat',
    ]);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Body font', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Inter',
      'Roboto',
      'Open Sans',
      'Source Sans Pro',
      'Lato',
    ]);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Monospace font', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText([
      'JetBrains Mono',
      'Fira Code',
      'Source Code Pro',
      'Roboto Mono',
    ]);
    await page.keyboard.press('Escape');

    const headingPosts = recordSettingPosts(page, 'headingFont');
    await admin.select('Heading font', 'Roboto');
    await admin.select('Heading font', 'Poppins');
    await page.waitForTimeout(500);
    expect(headingPosts, 'not yet: 1 s after the last change').toHaveLength(0);
    await expect.poll(() => headingPosts.length, { timeout: 3000 }).toBe(1);
    expect(headingPosts[0].postDataJSON()).toEqual({ value: 'Poppins' });

    await admin.select('Body font', 'Lato');
    await admin.select('Monospace font', 'Fira Code');
    await admin.choose('Base font size', '18 px');
    await expect
      .poll(async () => {
        const s = await readSettings(page.request);
        return [s.headingFont, s.bodyFont, s.monoFont, s.baseFontSize];
      })
      .toEqual(['Poppins', 'Lato', 'Fira Code', 18]);

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Heading font', exact: true })).toHaveValue('Poppins');
    await expect(page.getByRole('combobox', { name: 'Body font', exact: true })).toHaveValue('Lato');
    await expect(page.getByRole('combobox', { name: 'Monospace font', exact: true })).toHaveValue(
      'Fira Code',
    );
    await expect(
      page.getByRole('radiogroup', { name: 'Base font size' }).getByRole('radio', { name: '18 px' }),
    ).toBeChecked();
  });
});

test.describe('from the keyboard', () => {
  test('a theme card, a switch, a segmented control and a font select work without a mouse', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    await page.getByRole('button', { name: /Green Tech/ }).focus();
    await page.keyboard.press('Enter');
    await admin.expectToast('Settings saved', 'Green Tech theme applied');

    await admin.subtab('Layout').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('switch', { name: 'Show featured video' }).focus();
    await page.keyboard.press('Space');
    await admin.expectToast('Settings saved', 'Show featured video updated');
    await page
      .getByRole('radiogroup', { name: 'Video grid columns' })
      .getByRole('radio', { name: '4' })
      .focus();
    await page.keyboard.press('ArrowRight');
    await admin.expectToast('Settings saved', 'Video grid columns updated');

    await admin.subtab('Typography').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Heading font', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Heading font', exact: true })).not.toHaveValue('Inter');

    await expect
      .poll(async () => {
        const s = await readSettings(page.request);
        return [s.selectedTheme, s.showFeaturedVideo, s.videoGridColumns, s.headingFont !== 'Inter'];
      })
      .toEqual(['green-tech', false, 5, true]);
  });
});

test.describe('on the public page', () => {
  test('a colour, the grid columns and a hidden section show on /', async ({ page }) => {
    const admin = new AdminPage(page);
    await page.getByRole('textbox', { name: 'Primary color' }).fill('#22AA88');
    await savedSetting(page, 'primaryColor', () =>
      page.getByRole('textbox', { name: 'Primary color' }).blur(),
    );
    await admin.subtab('Layout').click();
    await admin.choose('Video grid columns', '5');
    await admin.flip(page.getByRole('switch', { name: 'Show playlists section' }));
    await expect
      .poll(async () => {
        const s = await readSettings(page.request);
        return [s.primaryColor, s.videoGridColumns, s.showPlaylistSection];
      })
      .toEqual(['#22AA88', 5, false]);

    // Through the site's own link, in the same page: the public page reloads the settings.
    await page.getByRole('link', { name: 'Back to site' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim(),
        ),
      )
      .toMatch(/^#22aa88$/i);
    const grid = page.getByTestId('video-grid');
    await expect(grid).toHaveAttribute('data-columns', '5');
    if ((page.viewportSize()?.width ?? 0) >= 1200) {
      await expect
        .poll(() => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length))
        .toBe(5);
    }
    await expect(page.locator('#playlists')).toHaveCount(0);

    // And on a fresh load.
    await page.reload();
    await expect(page.getByTestId('video-grid')).toHaveAttribute('data-columns', '5');
    await expect(page.locator('#playlists')).toHaveCount(0);
  });
});
