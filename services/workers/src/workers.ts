import type { EventStore } from '../../../events/store/port.js';
import type { Tokens } from '../../platform/auth.js';
import type { Logger } from '../../platform/logger.js';
import type { ReadModelStore } from '../../query/src/store/port.js';
import type { JobRoute } from './dispatcher.js';
import type { JobQueue } from './jobs/port.js';
import { MAIL_QUEUE, type Mailer } from './mail/mailer.js';
import { existingAccountMailHandler, existingAccountMailRoute, verificationMailHandler, verificationMailRoute } from './mail/verification.js';
import { passwordChangedMailHandler, passwordChangedMailRoute, passwordResetMailHandler, passwordResetMailRoute } from './mail/password.js';
import { forgetAccountHandler, forgetAccountRoute } from './accounts/forget.js';
import { ACCOUNT_QUEUE, finishDeletionHandler, finishDeletionRoute } from './accounts/finishDeletion.js';
import { PLAN_QUEUE, starterPlansHandler, starterPlansRoute } from './plans/starterPlans.js';
import { LIST_SAVED_PLAN, listSavedPlanHandler, listSavedPlanRoute } from './plans/listSaved.js';
import { AFTER_SESSION_ENDED, afterSessionEndedHandler, afterSessionEndedRoute } from './training/afterSessionEnded.js';
import { REMINDER_QUEUE, reminderScheduleRoute, syncReminderSchedule } from './reminders/schedule.js';
import { TICKET_REPLY_MAIL, ticketReplyMailHandler, ticketReplyMailRoute } from './support/replyMail.js';
import { PUSH_QUEUE, reminderPushHandler, reminderPushRoute } from './reminders/push.js';
import type { VapidKeys } from '../../platform/vapid.js';
import { dailyReminderHandler, reminderMailHandler, reminderMailRoute, remindersHandler } from './reminders/send.js';

export interface JobHandlerDeps {
  queue: JobQueue;
  events: EventStore;
  readModels: ReadModelStore;
  tokens: Tokens;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  /** The key pair that signs Web Push. */
  vapid: VapidKeys;
  now(): Date;
  /** After a deletion at `position`: waits for the read models to apply it, then drops old page images from disk. */
  storageForgot(position: number): Promise<void>;
  /** Finishes the deletion of the user's account where it stands (the command side's steps). */
  finishDeletion(userId: string): Promise<void>;
}

/** Which jobs the log asks for: the dispatcher (one instance at a time) runs these over every event. */
export const jobRoutes: JobRoute[] = [verificationMailRoute, existingAccountMailRoute, passwordResetMailRoute, passwordChangedMailRoute, forgetAccountRoute, finishDeletionRoute, starterPlansRoute, listSavedPlanRoute, afterSessionEndedRoute, reminderScheduleRoute, reminderMailRoute, reminderPushRoute, ticketReplyMailRoute];

/** Registers the handler of every queue; every workers instance does this, so all of them take jobs. */
export function workJobs(deps: JobHandlerDeps): void {
  const verification = verificationMailHandler(deps.events, deps.tokens, deps.mailer, deps.publicUrl);
  const existingAccount = existingAccountMailHandler(deps.events, deps.mailer, deps.publicUrl);
  const reminderMail = reminderMailHandler(deps.events, deps.tokens, deps.mailer, deps.publicUrl);
  const passwordReset = passwordResetMailHandler(deps.events, deps.tokens, deps.mailer, deps.publicUrl);
  const passwordChanged = passwordChangedMailHandler(deps.events, deps.mailer, deps.publicUrl);
  const forgetAccount = forgetAccountHandler(deps.mailer, deps.storageForgot);
  const ticketReply = ticketReplyMailHandler(deps.events, deps.mailer, deps.publicUrl);
  deps.queue.work(MAIL_QUEUE, async (job) => {
    if (job.name === 'verification') return verification(job);
    if (job.name === 'existing-account') return existingAccount(job);
    if (job.name === 'reminder') return reminderMail(job);
    if (job.name === 'password-reset') return passwordReset(job);
    if (job.name === 'password-changed') return passwordChanged(job);
    if (job.name === 'forget-account') return forgetAccount(job);
    if (job.name === TICKET_REPLY_MAIL) return ticketReply(job);
    throw new Error(`no handler for mail job ${job.name}`);
  });
  deps.queue.work(ACCOUNT_QUEUE, finishDeletionHandler(deps.finishDeletion));
  const starterPlans = starterPlansHandler(deps);
  const listSavedPlan = listSavedPlanHandler(deps);
  const afterSessionEnded = afterSessionEndedHandler(deps);
  deps.queue.work(PLAN_QUEUE, async (job) => {
    if (job.name === LIST_SAVED_PLAN) return listSavedPlan(job);
    if (job.name === AFTER_SESSION_ENDED) return afterSessionEnded(job);
    return starterPlans(job);
  });
  deps.queue.work(PUSH_QUEUE, reminderPushHandler(deps));
  deps.queue.work(
    REMINDER_QUEUE,
    remindersHandler((userId) => syncReminderSchedule(deps, userId), dailyReminderHandler(deps)),
  );
}
