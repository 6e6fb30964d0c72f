'use client'
import { CHANNELS, type Channel } from '@hakiki/core'
import { useControllableState, useObservedInput, type ControllableUpdate } from '@hakiki/react'
import { forwardRef, useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react'
import { cx } from './class-names'
import { useLocale, useMessages } from './i18n/locale-context'
import { channelPickerMessagesEn } from './i18n/messages-en'

/** Class names for the parts of {@link ChannelPicker}, beside the root's `className`. */
export interface ChannelPickerClassNames {
  /** The `<legend>`. */
  legend?: string
  /** Each choice: the box around a radio, its name and its fee. */
  option?: string
  /** Each radio `<input>`. */
  radio?: string
  /** The channel's name. */
  name?: string
  /** The fee under a channel. */
  fee?: string
}

/** Props of {@link ChannelPicker}. */
export interface ChannelPickerProps {
  /** The chosen channel, for a controlled picker. */
  value?: Channel
  /**
   * The channel chosen at first in an uncontrolled picker. None by default, like a native radio
   * group, so that react-hook-form's `defaultValues` decide under `register`.
   */
  defaultValue?: Channel
  /** Called with the channel the user picks. */
  onValueChange?: (channel: Channel) => void
  /**
   * Native change handler of the radios: `event.target.value` is the channel, so
   * react-hook-form's `register` and `Controller` can take it as is.
   */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void
  /** Native blur handler of the radios (react-hook-form's `onBlur`). */
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void
  /** The channels offered, in this order. @default ['sms', 'call', 'email'] */
  channels?: readonly Channel[]
  /**
   * Price of one code by each channel, already formatted (`"US$0.05"`, e.g. from `useRates` for
   * the chosen country). Channels without an entry show no price.
   */
  fees?: Partial<Record<Channel, string>>
  /** Name of the radios in form data. @default a generated one */
  name?: string
  /** Disables every choice. */
  disabled?: boolean
  /** Legend text. @default messages['channel.legend'] */
  legend?: ReactNode
  /** Keeps the legend for screen readers only. */
  hideLegend?: boolean
  /** Class of the root `<fieldset>`. */
  className?: string
  /** Classes of the inner parts. */
  classNames?: ChannelPickerClassNames
}


/**
 * How the code travels: SMS, voice call or e-mail, as a native radio group in a `<fieldset>` with a
 * `<legend>`. Native radios, not an ARIA radiogroup of divs: arrow keys, form data, `required` and
 * every screen reader work without a line of script. Shows each channel's fee where one is given.
 *
 * The ref reaches every radio, as react-hook-form's `register` expects of a radio group (a callback
 * ref is called once per radio; an object ref ends on the last one).
 */
export const ChannelPicker = forwardRef<HTMLInputElement, ChannelPickerProps>(function ChannelPicker(props, ref) {
  const {
    value,
    defaultValue,
    onValueChange,
    onChange,
    onBlur,
    channels = CHANNELS,
    fees,
    name,
    disabled,
    legend,
    hideLegend,
    className,
    classNames = {},
  } = props
  const { tag, dir } = useLocale()
  const t = useMessages(channelPickerMessagesEn)
  const generatedName = useId()
  // `picked`: the user chose it (told to onValueChange); form libraries' writes through the radios
  // and form resets are not.
  const [chosen, setChosen, controlled] = useControllableState<Channel | undefined, [picked: boolean]>({
    value,
    defaultValue,
    onChange: (channel, picked) => {
      if (picked && channel) onValueChange?.(channel)
    },
  })

  return (
    <fieldset
      className={cx('hakiki', 'hakiki-channels', className)}
      data-part="root"
      dir={dir}
      lang={dir && tag}
      data-value={chosen}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
    >
      <legend data-part={hideLegend ? 'sr-only' : 'legend'} className={classNames.legend}>
        {legend ?? t('channel.legend')}
      </legend>
      {channels.map((channel) => {
        const fee = fees?.[channel]
        return (
          <ChannelChoice
            key={channel}
            channel={channel}
            chosen={chosen}
            controlled={controlled}
            defaultValue={defaultValue}
            setChosen={setChosen}
            radioRef={ref}
            name={name ?? generatedName}
            label={t(`channel.${channel}`)}
            fee={fee && t('channel.fee', { fee })}
            classNames={classNames}
            onChange={(event) => {
              setChosen(channel, true)
              onChange?.(event)
            }}
            onBlur={onBlur}
          />
        )
      })}
    </fieldset>
  )
})

/** Props of one {@link ChannelChoice}. */
interface ChannelChoiceProps {
  channel: Channel
  chosen: Channel | undefined
  controlled: boolean
  defaultValue: Channel | undefined
  setChosen: (next: ControllableUpdate<Channel | undefined>, picked: boolean) => void
  radioRef: Ref<HTMLInputElement>
  name: string
  label: string
  fee: string | undefined
  classNames: ChannelPickerClassNames
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  onBlur: ((event: FocusEvent<HTMLInputElement>) => void) | undefined
}

/**
 * One channel: its radio, name and fee. A component of its own so that each radio gets its own
 * observer of `checked` (a hook per radio, and the number of channels can change).
 */
function ChannelChoice({ channel, chosen, controlled, defaultValue, setChosen, radioRef, name, label, fee, classNames, onChange, onBlur }: ChannelChoiceProps): ReactNode {
  const checked = chosen === channel
  const feeId = useId()
  // Uncontrolled radios belong to the DOM, so react-hook-form's `setValue` and `reset` (which set
  // `checked` through the ref) show at once; observing the writes keeps `data-state` and the
  // root's `data-value` in step with them, with no change event to wait for.
  const ref = useObservedInput({
    property: 'checked',
    ref: radioRef,
    accept: (on) => {
      if (!controlled) setChosen((current) => (on ? channel : current === channel ? undefined : current), false)
      return on
    },
    onFormReset: () => {
      if (controlled) return undefined
      // The default follows the choice (so that a radio mounted later shows it): point it back at
      // the first default, which the browser then restores.
      setChosen(defaultValue, false)
      return defaultValue === channel
    },
  })
  return (
    // The fee sits outside the <label>, so that the choice's name is the channel alone.
    <div data-part="option" data-channel={channel} data-state={checked ? 'checked' : 'unchecked'} className={classNames.option}>
      <label data-part="choice">
        <input
          ref={ref}
          type="radio"
          name={name}
          value={channel}
          checked={controlled ? checked : undefined}
          defaultChecked={controlled ? undefined : checked}
          aria-describedby={fee ? feeId : undefined}
          data-part="radio"
          className={classNames.radio}
          onChange={onChange}
          onBlur={onBlur}
        />
        <span data-part="name" className={classNames.name}>
          {label}
        </span>
      </label>
      {fee && (
        <span id={feeId} data-part="fee" className={classNames.fee}>
          {fee}
        </span>
      )}
    </div>
  )
}
