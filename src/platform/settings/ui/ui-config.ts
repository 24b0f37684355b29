export interface UiConfig {
  firstDayOfWeek: number;
  calendarWeekColumnHeader: string;
  shortDateFormat: string;
  longDateFormat: string;
  timeFormat: string;
  showRelativeDates: boolean;
  enableColorImpairedMode: boolean;
  uiLanguage: number;
  theme: string;
}

export const UI_CONFIG_KEY = 'ui';

export const UI_THEMES = ['auto', 'light', 'dark'];

export const UI_CONFIG_DEFAULTS: UiConfig = {
  firstDayOfWeek: 0,
  calendarWeekColumnHeader: 'ddd M/D',
  shortDateFormat: 'MMM D YYYY',
  longDateFormat: 'dddd, MMMM D YYYY',
  timeFormat: 'h(:mm)a',
  showRelativeDates: true,
  enableColorImpairedMode: false,
  uiLanguage: 1,
  theme: 'auto',
};
