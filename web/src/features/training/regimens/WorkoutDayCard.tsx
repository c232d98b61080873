import { DayCard } from '../../../shared/components/DayCard';
import { isTimed } from '../../../shared/dose';
import type { Regimen } from './workoutsApi';
import { HowToDo } from '../sets/HowTo';

const restText = (rest: number | string | null | undefined) => {
  if (rest == null || rest === 0 || rest === '') return '--';
  return typeof rest === 'number' ? `${rest} s` : rest;
};

/** One day of a regimen: its exercises with sets, reps (as written, a number or a range) and rest. */
export function WorkoutDayCard({ day, current }: { day: Regimen['workouts'][number]; current: boolean }) {
  return (
    <DayCard title={day.summary_name || `Day ${day.day_number}`} current={current}>
      {day.exercises.length === 0 ? (
        <p className="muted">Rest day.</p>
      ) : (
        <ul className="exercise-list">
          {day.exercises.map((e, i) => (
            <li key={e.workout_id ?? `${e.name}-${i}`} className="exercise">
              <span className="exercise__name">{e.name}</span>
              {isTimed(e.reps) && e.sets === 1 ? (
                // Cardio: done once, for the time its name gives.
                <span className="exercise__facts">
                  <span className="muted">One continuous bout</span>
                </span>
              ) : (
                <span className="exercise__facts">
                  <span>
                    <span className="muted">Sets</span> {e.sets}
                  </span>
                  {!isTimed(e.reps) && (
                    <span>
                      <span className="muted">Reps</span> {e.reps}
                    </span>
                  )}
                  <span>
                    <span className="muted">Rest</span> {restText(e.rest)}
                  </span>
                </span>
              )}
              <HowToDo how={e.how} name={e.name} />
            </li>
          ))}
        </ul>
      )}
    </DayCard>
  );
}
