import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** SPEC §9 default colours: primary #FF0000 on background #0F0F0F with text #FFFFFF. */
export const PRIMARY_COLOR = '#FF0000';

const brand: MantineColorsTuple = [
  '#ffe8e8',
  '#ffcfcf',
  '#ff9d9d',
  '#ff6868',
  '#ff3b3b',
  '#ff1f1f',
  PRIMARY_COLOR,
  '#e00000',
  '#c70000',
  '#ad0000',
];

// Mantine's dark scheme reads text from shade 0, dimmed text from 2, borders from 4 and the
// page background from 7.
const dark: MantineColorsTuple = [
  '#FFFFFF',
  '#E5E5E5',
  '#AAAAAA',
  '#717171',
  '#3F3F3F',
  '#303030',
  '#272727',
  '#0F0F0F',
  '#0A0A0A',
  '#050505',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, dark },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '800',
  },
  defaultRadius: 'md',
});
