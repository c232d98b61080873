import { useEffect, useState, type FormEvent } from 'react';
import type { ReminderChannel, ReminderSettings } from '../../../../contract/reminders/settings';
import { serverText } from '../../shared/api/http';
import { pushSupported, subscribeThisDevice } from '../../shared/push';
import { Button, Check, Field, Select, Spinner } from '../../shared/ui';
import { useGetRemindersQuery, useSaveRemindersMutation, useSubscribePushMutation } from './remindersApi';
import './reminders.css';

/** Monday first, as a week is read here; the wire counts from Sunday 0. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const dayName = (day: number, width: 'short' | 'long') => new Date(Date.UTC(2026, 10, 1 + day)).toLocaleDateString(undefined, { weekday: width, timeZone: 'UTC' });
const hourName = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour)).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/**
 * Reminder settings on /prof: an off switch, the days, the hour in the person's zone, and how (mail, push). Turning
 * push on asks this browser for permission to notify, then registers this device, before the settings are saved.
 */
export function Reminders() {
  const { data, isLoading, isError } = useGetRemindersQuery();
  const [save, { isLoading: saving }] = useSaveRemindersMutation();
  const [subscribe] = useSubscribePushMutation();
  const [form, setForm] = useState<ReminderSettings>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();

  useEffect(() => {
    if (data) setForm({ enabled: data.enabled, hour: data.hour, days: data.days, channels: data.channels });
  }, [data]);

  if (isLoading) return <Spinner label="Loading your reminders…" />;
  if (isError || !data) {
    return (
      <p className="alert alert--error" role="alert">
        Could not load your reminders. Please try again.
      </p>
    );
  }
  if (!form) return <Spinner label="Loading your reminders…" />;

  const toggleDay = (day: number, on: boolean) => setForm({ ...form, days: on ? [...form.days, day] : form.days.filter((d) => d !== day) });
  const toggleChannel = (channel: ReminderChannel, on: boolean) => setForm({ ...form, channels: on ? [...form.channels, channel] : form.channels.filter((c) => c !== channel) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.enabled && form.days.length === 0) return setOutcome({ ok: false, text: 'Choose at least one day, or turn reminders off.' });
    if (form.channels.length === 0) return setOutcome({ ok: false, text: 'Choose e-mail, push notifications, or both.' });
    let warning: string | undefined;
    if (form.enabled && form.channels.includes('push')) {
      const device = await subscribeThisDevice(data.pushPublicKey);
      if ('refused' in device) warning = device.refused;
      else {
        const added = await subscribe(device.subscription);
        if (added.error) warning = serverText(added.error) ?? 'This device could not be registered for push.';
      }
    }
    const result = await save({ ...form, days: form.days.length > 0 ? form.days : data.days });
    if (result.error) return setOutcome({ ok: false, text: serverText(result.error) ?? 'Could not save your reminders.' });
    setOutcome(warning ? { ok: false, text: `Reminders saved, but not as push on this device: ${warning}` } : { ok: true, text: form.enabled ? 'Reminders saved.' : 'Reminders are off.' });
  };

  return (
    <form className="stack reminders" onSubmit={submit} noValidate aria-label="Reminders">
      {!data.subscribed && <p className="alert alert--info">Reminders come with a subscription. What you choose here is kept for when you subscribe.</p>}
      <Check className="reminders__switch" label="Send me reminders" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
      <fieldset className="reminders__days" disabled={!form.enabled}>
        <legend>On these days</legend>
        <div className="reminders__chips">
          {WEEK.map((day) => (
            <Check key={day} className="reminders__chip" label={<span aria-label={dayName(day, 'long')}>{dayName(day, 'short')}</span>} checked={form.days.includes(day)} onChange={(e) => toggleDay(day, e.target.checked)} />
          ))}
        </div>
      </fieldset>
      <Field label="Time of day" hint={`Your time zone: ${data.timeZone}`}>
        <Select value={form.hour} disabled={!form.enabled} onChange={(e) => setForm({ ...form, hour: Number(e.target.value) })}>
          {Array.from({ length: 24 }, (_, hour) => (
            <option key={hour} value={hour}>
              {hourName(hour)}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset className="reminders__channels" disabled={!form.enabled}>
        <legend>How</legend>
        <Check label="E-mail" checked={form.channels.includes('email')} onChange={(e) => toggleChannel('email', e.target.checked)} />
        <Check label="Push notifications on this device" checked={form.channels.includes('push')} onChange={(e) => toggleChannel('push', e.target.checked)} />
        <p className="muted reminders__devices">
          {!pushSupported()
            ? 'This browser cannot show notifications; install the app to get them.'
            : data.pushDevices === 0
              ? 'No device takes push yet: turning push on asks this browser to allow notifications.'
              : `${data.pushDevices} ${data.pushDevices === 1 ? 'device takes' : 'devices take'} push.`}
        </p>
      </fieldset>
      <div className="reminders__save">
        <div aria-live="polite">{outcome && <p className={outcome.ok ? 'alert alert--success' : 'alert alert--error'}>{outcome.text}</p>}</div>
        <Button type="submit" busy={saving}>
          {saving ? 'Saving…' : 'Save Reminders'}
        </Button>
      </div>
    </form>
  );
}
