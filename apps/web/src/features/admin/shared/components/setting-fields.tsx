import { maxLengthOf, type Settings, type SettingsKey, settingValueSchema } from '@app/contracts';
import { isSiteLanguage, selectableSiteLanguages, siteLanguageInfo } from '@app/contracts/site-language';
import { HEX_COLOR_PATTERN } from '@app/contracts/limits';
import {
  ColorInput,
  Input,
  PasswordInput,
  SegmentedControl,
  Select,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useDebouncedSetting, useSaveSetting, useSetting } from '../hooks/use-settings';

type KeysOf<V> = { [K in SettingsKey]: Settings[K] extends V ? K : never }[SettingsKey];
export type BooleanSettingKey = KeysOf<boolean>;
export type StringSettingKey = KeysOf<string>;

interface FieldProps<K> {
  settingKey: K;
  label: string;
  description?: ReactNode;
}

/** A toggle that saves on change. */
export function SettingSwitch({ settingKey, label, description }: FieldProps<BooleanSettingKey>) {
  const checked = useSetting(settingKey);
  const { save } = useSaveSetting();
  return (
    <Switch
      checked={checked}
      onChange={(event) => save({ key: settingKey, value: event.currentTarget.checked, label })}
      label={label}
      description={description}
      data-setting={settingKey}
    />
  );
}

interface TextFieldProps extends FieldProps<StringSettingKey> {
  placeholder?: string;
  type?: 'text' | 'url' | 'email';
  /** A secret: the API sends it masked; typing over the mask replaces it. */
  secret?: boolean;
  multiline?: boolean;
  minRows?: number;
  autoComplete?: string;
  /** Whether a value is worth saving while the admin is still typing; leaving the field saves it anyway. */
  isComplete?: (value: string) => boolean;
}

/** A text setting: saves 1 s after the last keystroke and when it loses focus. */
export function SettingTextField({
  settingKey,
  label,
  description,
  placeholder,
  type = 'text',
  secret = false,
  multiline = false,
  minRows = 4,
  autoComplete = 'off',
  isComplete,
}: TextFieldProps) {
  const field = useDebouncedSetting(settingKey, label, { isComplete });
  const common = {
    label,
    description,
    placeholder,
    value: field.value,
    onFocus: field.onFocus,
    onBlur: field.onBlur,
    // The setting's own limit; a secret's field holds its mask until typed over.
    maxLength: secret ? undefined : maxLengthOf(settingValueSchema(settingKey)),
    'data-setting': settingKey,
  };
  if (multiline) {
    return (
      <Textarea
        {...common}
        autosize
        minRows={minRows}
        maxRows={16}
        onChange={(event) => field.onChange(event.currentTarget.value)}
      />
    );
  }
  // A secret URL stays a URL input; the mask reads as dots there too.
  if (secret && type === 'text') {
    return (
      <PasswordInput
        {...common}
        autoComplete="new-password"
        onChange={(event) => field.onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      type={type}
      autoComplete={autoComplete}
      spellCheck={type === 'text'}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}

export type ColorSettingKey = 'primaryColor' | 'accentColor' | 'backgroundColor' | 'textColor';

/** A colour: saves 1 s after the last change, and at once on blur. */
export function SettingColorInput({ settingKey, label, description }: FieldProps<ColorSettingKey>) {
  const field = useDebouncedSetting(settingKey, label, {
    isComplete: (value) => HEX_COLOR_PATTERN.test(value),
  });
  const invalid = field.value !== '' && !HEX_COLOR_PATTERN.test(field.value);
  return (
    <ColorInput
      label={label}
      description={description}
      format="hex"
      value={field.value}
      onChange={field.onChange}
      onFocus={field.onFocus}
      onBlur={field.onBlur}
      error={invalid ? 'Use a colour like #FF0000' : undefined}
      withEyeDropper={false}
      fixOnBlur={false}
      data-setting={settingKey}
    />
  );
}

type SelectSettingKey = 'headingFont' | 'bodyFont' | 'monoFont';

/** A font: saves 1 s after the last change. */
export function SettingFontSelect<K extends SelectSettingKey>({
  settingKey,
  label,
  description,
  options,
}: FieldProps<K> & { options: readonly Settings[K][] }) {
  const field = useDebouncedSetting(settingKey, label);
  return (
    <Select
      label={label}
      description={description}
      data={options.map((font) => ({ value: font, label: font }))}
      value={field.value}
      onChange={(value) => {
        if (value) field.onChange(value as Settings[K]);
      }}
      onFocus={field.onFocus}
      onBlur={field.onBlur}
      allowDeselect={false}
      checkIconPosition="right"
      data-setting={settingKey}
    />
  );
}

type ChoiceSettingKey =
  | 'colorScheme'
  | 'heroBackgroundType'
  | 'videoGridColumns'
  | 'baseFontSize'
  | 'liveCheckIntervalMinutes'
  | 'smtpSecurity';

/** A choice among a few values, saved on change. */
export function SettingSegmented<K extends ChoiceSettingKey>({
  settingKey,
  label,
  description,
  options,
  debounce = false,
}: FieldProps<K> & {
  options: readonly { value: Settings[K]; label: string }[];
  /** Font fields save 1 s after the last change instead. */
  debounce?: boolean;
}) {
  const labelId = useId();
  const descriptionId = useId();
  const stored = useSetting(settingKey);
  const { save } = useSaveSetting();
  const debounced = useDebouncedSetting(settingKey, label);
  const value = debounce ? debounced.value : stored;
  const onChange = (next: string) => {
    const option = options.find((o) => String(o.value) === next);
    if (!option) return;
    if (debounce) debounced.onChange(option.value);
    else save({ key: settingKey, value: option.value, label });
  };
  return (
    <Input.Wrapper
      label={label}
      description={description}
      labelElement="div"
      labelProps={{ id: labelId }}
      descriptionProps={{ id: descriptionId }}
    >
      <SegmentedControl
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        value={String(value)}
        onChange={onChange}
        data={options.map((o) => ({ value: String(o.value), label: o.label }))}
        data-setting={settingKey}
        fullWidth
        mt={description ? 6 : 2}
      />
    </Input.Wrapper>
  );
}

/** The public site's language, saved on change; the dashboard itself stays in English. */
export function SettingLanguageSelect({
  label,
  description,
}: Omit<FieldProps<'siteLanguage'>, 'settingKey'>) {
  const value = useSetting('siteLanguage');
  const { save } = useSaveSetting();
  return (
    <Select
      label={label}
      description={description}
      data={selectableSiteLanguages.map((language) => ({
        value: language,
        label: siteLanguageInfo[language].name,
      }))}
      value={value}
      onChange={(next) => {
        if (isSiteLanguage(next)) save({ key: 'siteLanguage', value: next, label });
      }}
      allowDeselect={false}
      checkIconPosition="right"
      data-setting="siteLanguage"
    />
  );
}
