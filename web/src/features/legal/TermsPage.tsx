import { PRODUCT } from '../../shared/brand';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>By creating an account or using {PRODUCT} you agree to these terms.</p>
      <h2>The service</h2>
      <p>{PRODUCT} offers an AI trainer chat, workout and meal plans, a workout timer and log, progress tracking, reminders and support. Most features need an active subscription.</p>
      <h2>Not medical advice</h2>
      <p>The assistant is not a licensed professional and can make mistakes. AI responses come from a third-party language model. Talk to a doctor before starting a new exercise or nutrition programme, and stop if you feel pain or unwell.</p>
      <h2>Subscription and payment</h2>
      <ul>
        <li>The Founding Member Plan costs $6.99 per month or $74.99 per year. The early-access rate is locked for life while your subscription stays active.</li>
        <li>Payments are processed by a card payment provider.</li>
        <li>
          <strong>No refunds.</strong> Payments already made are not refunded, in whole or in part.
        </li>
        <li>
          <strong>Immediate cancellation.</strong> You can cancel anytime from your profile. Cancellation takes effect immediately and premium features end at once.
        </li>
      </ul>
      <h2>Your account</h2>
      <p>Keep your password safe; you are responsible for what happens under your account. Don’t misuse the service, try to reach other people’s data or disrupt it.</p>
      <h2>Changes and contact</h2>
      <p>We may update these terms; the effective date above shows when. Questions: support@kinetic.example.</p>
    </LegalPage>
  );
}
