import { Link } from 'react-router-dom';
import { PRODUCT } from '../../shared/brand';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This policy explains what {PRODUCT} collects when you use the app, why, and the choices you have. We collect only what we need to be your
        trainer.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your e-mail address, username and password (stored only as a salted hash).</li>
        <li>Profile details you give us: age, gender, height, weight, body composition, goals, activity level, diet and accessibility needs.</li>
        <li>What you do in the app: workouts, sessions, logged meals, logins, chat messages and support tickets.</li>
        <li>Your time zone, so reminders and “today” match your day.</li>
      </ul>
      <h2>How we use it</h2>
      <p>To build and adjust your workout and meal plans, show your progress, send the reminders you asked for, answer support tickets and keep the service secure. We do not sell your data.</p>
      <h2>Payments</h2>
      <p>Payments are processed by a card payment provider. Your card details go directly to that provider; we never see or store your full card number. We keep a record of your subscription status.</p>
      <h2>AI responses</h2>
      <p>AI responses come from a third-party language model. The messages you send in chat, with the profile details needed to answer them, are shared with that provider to produce a reply. Don’t share anything in chat you would not want processed this way.</p>
      <h2>E-mail</h2>
      <p>We send e-mails to verify your address and, if you choose them, daily reminders. You can turn reminders off in your profile.</p>
      <h2>Keeping and deleting data</h2>
      <p>
        We keep your data while your account exists. You need no ticket and no subscription to take it with you or to leave: signed in,{' '}
        <Link to="/prof#data">download a copy of your data</Link> or <Link to="/prof#delete">delete your account</Link> yourself on your profile, at
        once. You can also write to us at <a href="mailto:support@kinetic.example">support@kinetic.example</a>.
        Deleting the account deletes your profile, plans, workouts, meals, chats and tickets, and makes everything you wrote or told us about yourself unreadable for good, in our records too; counts with nothing
        of you in them stay.
      </p>
      <h2>Changes</h2>
      <p>If we change this policy we will update the effective date above and, for important changes, tell you by e-mail.</p>
    </LegalPage>
  );
}
