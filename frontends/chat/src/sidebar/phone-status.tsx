import { PlanStatus } from './plan-status.tsx';
import { QuestionnaireReminder } from './questionnaire-reminder.tsx';

/**
 * Phones (ADR 60): what the sidebar column shows at a glance on a desktop — the questionnaire
 * reminder and the trial days — as slim lines under the chat header, so neither hides in the menu.
 */
export function PhoneStatus() {
  return (
    <div className="iv-phone-status">
      <QuestionnaireReminder compact />
      <PlanStatus compact />
    </div>
  );
}
