/**
 * The theme table, free of zod so that the public page can import it alone (`@app/contracts/themes`)
 * without the schemas' weight.
 */
export const themeIds = [
  'dark-red',
  'light',
  'blue-ocean',
  'purple-night',
  'green-tech',
  'orange-sunset',
] as const;
export type ThemeId = (typeof themeIds)[number];

export interface Theme {
  id: ThemeId;
  name: string;
  primary: string;
  accent: string;
  background: string;
  /** Cards, menus and inputs: one step off the background. */
  surface: string;
  text: string;
}

/**
 * The predefined themes. `dark-red` carries the default colours; the others keep the
 * text readable on their background (WCAG AA contrast or better).
 */
export const themes: readonly Theme[] = [
  {
    id: 'dark-red',
    name: 'Dark Mode',
    primary: '#FF0000',
    accent: '#3EA6FF',
    background: '#0F0F0F',
    surface: '#212121',
    text: '#FFFFFF',
  },
  {
    id: 'light',
    name: 'Light',
    primary: '#CC0000',
    accent: '#065FD4',
    background: '#FFFFFF',
    surface: '#F2F2F2',
    text: '#0F0F0F',
  },
  {
    id: 'blue-ocean',
    name: 'Blue Ocean',
    primary: '#0EA5E9',
    accent: '#22D3EE',
    background: '#0B1929',
    surface: '#132F4C',
    text: '#E3F2FD',
  },
  {
    id: 'purple-night',
    name: 'Purple Night',
    primary: '#A855F7',
    accent: '#EC4899',
    background: '#13111C',
    surface: '#1E1B2E',
    text: '#F3E8FF',
  },
  {
    id: 'green-tech',
    name: 'Green Tech',
    primary: '#22C55E',
    accent: '#14B8A6',
    background: '#0A0F0D',
    surface: '#141F1A',
    text: '#ECFDF5',
  },
  {
    id: 'orange-sunset',
    name: 'Orange Sunset',
    primary: '#F97316',
    accent: '#FACC15',
    background: '#1A0F0A',
    surface: '#2A1810',
    text: '#FFF7ED',
  },
];
