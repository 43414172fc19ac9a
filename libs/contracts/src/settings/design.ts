import { PUBLIC_SETTINGS_DEFAULTS as PUBLIC } from '../public-settings-defaults';
import { siteLanguages } from '../site-language';
import { themeIds } from '../themes';
import { imageSetting } from './images';
import { boolean, colorSetting, oneOf, oneOfNumbers, publicSetting, urlSetting } from './values';

export const colorSchemes = ['dark', 'light', 'auto'] as const;
export const heroBackgroundTypes = ['gradient', 'image', 'video'] as const;
export const videoGridColumnOptions = [3, 4, 5] as const;
export const baseFontSizes = [14, 16, 18] as const;
export const headingFonts = ['Inter', 'Roboto', 'Open Sans', 'Poppins', 'Montserrat'] as const;
export const bodyFonts = ['Inter', 'Roboto', 'Open Sans', 'Source Sans Pro', 'Lato'] as const;
export const monoFonts = ['JetBrains Mono', 'Fira Code', 'Source Code Pro', 'Roboto Mono'] as const;

/** The site's look: colours, theme, language, sections shown, hero, logo, favicon and fonts. All public. */
export const designSettings = {
  colorScheme: publicSetting(oneOf(colorSchemes), PUBLIC.colorScheme),
  /** The public site's language (issue 26): its texts, `<html lang>`, number and date formats. */
  siteLanguage: publicSetting(oneOf(siteLanguages), PUBLIC.siteLanguage),
  selectedTheme: publicSetting(oneOf(themeIds), PUBLIC.selectedTheme),
  primaryColor: publicSetting(colorSetting(), PUBLIC.primaryColor),
  accentColor: publicSetting(colorSetting(), PUBLIC.accentColor),
  backgroundColor: publicSetting(colorSetting(), PUBLIC.backgroundColor),
  textColor: publicSetting(colorSetting(), PUBLIC.textColor),
  showFeaturedVideo: publicSetting(boolean(), PUBLIC.showFeaturedVideo),
  showPlaylistSection: publicSetting(boolean(), PUBLIC.showPlaylistSection),
  showSubscriberCount: publicSetting(boolean(), PUBLIC.showSubscriberCount),
  showCommunitySection: publicSetting(boolean(), PUBLIC.showCommunitySection),
  /** Keeps Shorts out of the video grid and its filters (a Shorts shelf may still show them). */
  hideShorts: publicSetting(boolean(), PUBLIC.hideShorts),
  /** A shelf of Shorts in vertical cards above the video grid. */
  showShortsShelf: publicSetting(boolean(), PUBLIC.showShortsShelf),
  videoGridColumns: publicSetting(oneOfNumbers(videoGridColumnOptions), PUBLIC.videoGridColumns),
  heroBackgroundType: publicSetting(oneOf(heroBackgroundTypes), PUBLIC.heroBackgroundType),
  heroImage: publicSetting(imageSetting(), PUBLIC.heroImage),
  /** Shown when heroBackgroundType is `video` (a video file or embed URL). */
  heroVideoUrl: publicSetting(urlSetting(), PUBLIC.heroVideoUrl),
  logoImage: publicSetting(imageSetting(), PUBLIC.logoImage),
  faviconImage: publicSetting(imageSetting(), PUBLIC.faviconImage),
  headingFont: publicSetting(oneOf(headingFonts), PUBLIC.headingFont),
  bodyFont: publicSetting(oneOf(bodyFonts), PUBLIC.bodyFont),
  monoFont: publicSetting(oneOf(monoFonts), PUBLIC.monoFont),
  baseFontSize: publicSetting(oneOfNumbers(baseFontSizes), PUBLIC.baseFontSize),
};
