import type { HowTo } from '../../../contract/training/howTo.js';
import { exerciseNamed } from './exerciseIdentity.js';

export type { HowTo };

/**
 * Form cues and the main mistakes for every exercise of the catalog (services/domain/training/exercises.ts), written
 * in our own words for a beginner: what to feel and where to look, not anatomy. Each line is short enough to read
 * between sets on a phone. A unit test holds that every catalog exercise has an entry here and nothing else does.
 * Format per exercise: cues separated by " | ", then " !! ", then mistakes separated by " | ".
 */
const TEXT: Record<string, string> = {
  // squat pattern
  'Barbell Back Squat': 'Bar on your upper back, hands just outside the shoulders | Brace your stomach, then sit down between your heels | Knees travel over your toes; stand up by pushing the floor away !! Heels lifting off the floor | Chest dropping so the squat turns into a good morning',
  'Front Squat': 'Bar rests on the front of your shoulders, elbows high | Stay tall and sit straight down | Drive up keeping the elbows pointing forward !! Elbows dropping so the bar rolls forward | Rounding the upper back at the bottom',
  'Goblet Squat': 'Hold the dumbbell at your chest like a cup | Feet a little wider than hips, toes slightly out | Sit down between your knees, then stand tall !! Knees caving inwards | Letting the weight pull your chest forward',
  'Body-weight Squat': 'Feet hip to shoulder width, arms out in front for balance | Sit back and down as if to a chair | Stand up by pushing through the whole foot !! Heels coming up | Knees falling inwards on the way up',
  'Box Squat to a High Box': 'Stand just in front of a box or chair at knee height or higher | Reach your hips back and sit lightly on it | Lean a little forward and stand up without rocking !! Dropping onto the box | Swinging the arms to get up',
  'Leg Press': 'Feet flat, hip width, in the middle of the plate | Lower until your knees are about at a right angle | Press through your heels; stop just short of locking the knees !! Lower back lifting off the pad at the bottom | Snapping the knees straight at the top',
  'Hack Squat Machine': 'Back flat against the pad, feet mid-platform | Lower with control as deep as is comfortable | Push up through the whole foot !! Heels lifting | Bouncing out of the bottom',
  'Wall Sit': 'Back flat against a wall, slide down until thighs are near level | Knees over ankles, weight in your heels | Breathe steadily and hold !! Knees pushed past the toes | Resting your hands on your thighs',
  'Jump Squat': 'Squat to a comfortable depth | Jump straight up, arms swinging | Land softly on the balls of your feet and sink into the next squat !! Landing stiff-legged | Knees caving on the landing',
  'Pistol Squat': 'Stand on one leg, the other held out in front | Sit down slowly, arms forward for balance | Stand up without letting the knee cave !! Heel lifting off the floor | Collapsing at the bottom instead of controlling it',
  'Safety Bar Squat': 'Pads on your shoulders, hold the handles in front | Brace and sit down between your heels | Push your upper back into the bar as you stand !! Letting the bar tip you forward | Cutting the depth short',
  'Leg Extension': 'Pad just above the ankles, knees in line with the pivot | Straighten your legs and squeeze the thighs | Lower slowly !! Swinging the weight up | Lifting your hips off the seat',
  // hinge pattern
  'Conventional Deadlift': 'Bar over the middle of your feet, shins close | Flat back, chest up, take the slack out of the bar | Push the floor away and stand tall, bar close to the legs !! Rounding the lower back | Jerking the bar off the floor',
  'Romanian Deadlift': 'Start standing, soft knees | Push your hips back, sliding the bar down your thighs | Stop when you feel the hamstrings stretch, then drive the hips forward !! Rounding the back to reach lower | Bending the knees so it becomes a squat',
  'Dumbbell Romanian Deadlift': 'Dumbbells in front of your thighs, knees slightly bent | Hips back, weights close to your legs | Stand up by squeezing your glutes !! Back rounding | Letting the dumbbells drift away from the legs',
  'Trap Bar Deadlift': 'Stand in the middle of the bar, grip the handles | Hips down, chest up, back flat | Push through your feet and stand tall !! Hips shooting up first | Leaning back at the top',
  'Glute Bridge': 'Lie on your back, knees bent, feet flat near your hips | Push through your heels and lift your hips | Squeeze the glutes at the top, then lower slowly !! Arching the lower back instead of using the glutes | Feet too far away so the hamstrings cramp',
  'Barbell Hip Thrust': 'Upper back on a bench, padded bar across the hips | Feet flat, chin tucked | Drive the hips up until your body is a straight line from knees to shoulders !! Over-arching the lower back at the top | Pushing through the toes',
  'Kettlebell Swing': 'Hike the bell back between your legs | Snap the hips forward so the bell floats to chest height | Let it fall back and hinge again !! Squatting the bell instead of hinging | Lifting it with the arms',
  'Good Morning': 'Bar on your upper back, soft knees | Push the hips back, chest lowering with a flat back | Stand up by driving the hips forward !! Rounding the back | Going heavy before the movement is learned',
  'Lying Leg Curl': 'Pad just above your heels, knees just off the bench | Curl your heels toward your glutes | Lower slowly !! Hips lifting off the bench | Letting the weight drop',
  'Seated Leg Curl': 'Thigh pad snug, knees in line with the pivot | Pull your heels down and under | Return with control !! Leaning back to swing it | Short, fast reps',
  'Back Extension': 'Hips on the pad, feet locked in | Lower your chest with a flat back | Rise until your body is in line, no higher !! Swinging up past straight | Rounding the back at the bottom',
  'Cable Pull-through': 'Face away from the cable, rope between your legs | Hinge the hips back, arms relaxed | Stand up by squeezing the glutes !! Pulling with the arms | Squatting down instead of hinging',
  'Single-leg Romanian Deadlift': 'Stand on one leg, slight bend in the knee | Tip forward as the back leg rises in line with your body | Return by squeezing the standing glute !! Opening the hips toward the side | Rushing and losing balance',
  // lunge pattern
  'Walking Lunge': 'Long step forward, torso upright | Lower until the back knee is just above the floor | Push through the front heel into the next step !! Front knee caving inwards | Steps so short the heel lifts',
  'Reverse Lunge': 'Step back and lower the back knee toward the floor | Keep most of your weight on the front foot | Push through the front heel to return !! Leaning far forward | Banging the back knee on the floor',
  'Bulgarian Split Squat': 'Back foot on a bench, front foot far enough forward | Lower straight down | Drive up through the front heel !! Front foot too close so the heel lifts | Pushing off the back foot',
  'Step-up to a Low Box': 'Whole foot on a low step | Lean slightly forward and stand up on it | Step down slowly, same leg last !! Pushing off the bottom foot | Knee caving as you rise',
  'Lateral Lunge': 'Wide stance, step out to one side | Sit back into that hip, other leg straight | Push back to the middle !! Knee shooting past the toes | Rounding the back',
  'Split Squat': 'Feet split front to back, hip width apart | Lower straight down, torso tall | Push up through the front heel !! Feet on a tightrope, losing balance | Front knee caving in',
  // horizontal push
  'Barbell Bench Press': 'Eyes under the bar, feet flat, shoulder blades squeezed | Lower the bar to your lower chest, elbows a little tucked | Press up and slightly back !! Bouncing the bar off the chest | Flaring the elbows straight out',
  'Dumbbell Bench Press': 'Shoulder blades pulled back into the bench | Lower the dumbbells beside your chest | Press up until arms are straight, weights over the shoulders !! Dropping the weights too low | Elbows flared wide',
  'Incline Dumbbell Press': 'Bench at a low incline | Lower the weights to your upper chest | Press up and slightly in !! Bench so steep it becomes a shoulder press | Arching off the bench',
  'Machine Chest Press': 'Handles at mid-chest height | Press forward smoothly | Return slowly until you feel a light stretch !! Shoulders rolling forward | Locking the elbows hard',
  'Push-up': 'Hands under your shoulders, body in one straight line | Lower your chest toward the floor, elbows angled back | Push the floor away !! Hips sagging or piking up | Only going half way down',
  'Wall Push-up': 'Hands on the wall at shoulder height, feet back | Body straight, bend the elbows to bring your chest near the wall | Push back !! Hips poking out | Standing so close the move is too small',
  'Incline Push-up': 'Hands on a bench or table edge | Straight line from head to heels | Lower your chest to the edge, then push away !! Sagging hips | Head reaching forward first',
  'Cable Chest Fly': 'Slight bend in the elbows, held fixed | Bring the handles together in a wide hug | Open slowly until the chest stretches !! Bending the arms so it turns into a press | Going too wide and straining the shoulders',
  'Parallel Bar Dip': 'Straight arms, shoulders down | Lower until upper arms are about level with the floor | Press back up !! Sinking the shoulders toward the ears | Dropping too deep',
  'Close-grip Bench Press': 'Hands shoulder width apart | Elbows close to your sides as you lower | Press up with the triceps !! Grip so narrow the wrists hurt | Flaring the elbows',
  'Band Chest Press': 'Band behind your back, handles at chest height | Press straight forward | Return slowly !! Letting the band snap back | Shrugging the shoulders',
  // vertical push
  'Standing Overhead Press': 'Bar on your front shoulders, squeeze glutes and stomach | Press straight up, moving your head out of the way | Finish with the bar over your midfoot !! Leaning back to press | Pressing the bar out in front',
  'Seated Dumbbell Shoulder Press': 'Back against the pad, weights at shoulder height | Press up until the arms are straight | Lower to the shoulders with control !! Arching the back off the pad | Clashing the weights at the top',
  'Machine Shoulder Press': 'Seat set so handles start at shoulder height | Press up smoothly | Lower slowly !! Shrugging up | Half reps',
  'Landmine Press': 'Hold the bar end at your shoulder | Press up and forward | Keep the ribs down and the body still !! Twisting to push | Leaning back',
  'Pike Push-up': 'Hips high, body in an upside-down V | Lower your head toward the floor in front of your hands | Push back up !! Dropping the hips into a push-up | Flaring elbows wide',
  'Push Press': 'Bar on the front shoulders | Dip the knees a little, then drive up | Use that push to press the bar overhead !! Dipping too deep | Pressing before the legs have finished',
  'Seated Dumbbell Lateral Raise': 'Sit tall, weights at your sides | Raise them out to shoulder height, elbows slightly bent | Lower slowly !! Swinging the weights up | Shrugging the shoulders to the ears',
  'Handstand Push-up': 'Kick up to a wall, hands shoulder width | Lower your head to the floor with control | Press back to straight arms !! Collapsing onto the head | Arching the back hard',
  // horizontal pull
  'Seated Cable Row': 'Sit tall, slight knee bend | Pull the handle to your stomach, elbows close | Squeeze the shoulder blades, then reach forward slowly !! Rocking the torso back | Shrugging as you pull',
  'One-arm Dumbbell Row': 'One hand and knee on a bench, back flat | Pull the dumbbell toward your hip | Lower until the arm is straight !! Twisting the torso to lift | Pulling to the chest with the arm alone',
  'Barbell Bent-over Row': 'Hinge forward with a flat back | Pull the bar to your lower ribs | Lower with control !! Standing up as you pull | Rounding the back',
  'Chest-supported Row': 'Chest on the pad, arms hanging | Pull the elbows back past your sides | Squeeze, then lower slowly !! Lifting the chest off the pad | Shrugging',
  'Inverted Row': 'Lie under a bar or sturdy table, heels on the floor | Body straight, pull your chest to the bar | Lower until the arms are straight !! Hips sagging | Neck craning forward',
  'Doorframe Row': 'Hold both sides of a sturdy doorframe, feet close to it | Lean back with straight arms and a straight body | Pull your chest toward the frame, then lower slowly !! Sagging at the hips | Leaning so far back that you lose grip',
  'Face Pull': 'Rope at face height | Pull toward your forehead, hands apart | Elbows high, squeeze between the shoulder blades !! Leaning back to heave | Elbows dropping to the sides',
  'Band Pull-apart': 'Hold a band at chest height, arms straight | Pull it apart until it touches your chest | Return slowly !! Bending the elbows | Arching the back',
  'Seated Band Row': 'Band around your feet, sit tall | Pull the handles to your stomach | Squeeze the shoulder blades together !! Rounding the back | Jerking the band',
  'Pendlay Row': 'Bar on the floor each rep, back flat and near level | Pull explosively to your lower chest | Lower it back to the floor !! Standing up during the pull | Rounding the lower back',
  // vertical pull
  'Lat Pulldown': 'Thighs under the pad, grip a little wider than shoulders | Pull the bar to your upper chest, elbows down | Let it rise slowly !! Leaning far back | Pulling behind the neck',
  'Assisted Pull-up': 'Knees on the pad, hands just outside the shoulders | Pull your chin over the bar | Lower all the way !! Kicking up | Half reps at the top',
  'Pull-up': 'Hang with straight arms, overhand grip | Pull your chest toward the bar, elbows down | Lower until the arms are straight !! Swinging or kicking | Chin reaching forward to clear the bar',
  'Chin-up': 'Palms facing you, shoulder width | Pull your chin over the bar | Lower slowly to straight arms !! Kipping (swinging up) | Stopping short of straight arms',
  'Weighted Pull-up': 'Add load with a belt or a dumbbell between the feet | Pull with the same form as a clean pull-up | Lower under control !! Adding weight before clean reps | Swinging the weight',
  'Single-arm Cable Pulldown': 'Kneel or sit, one hand on the handle | Pull the elbow down to your side | Let it rise slowly and stretch !! Twisting the torso | Pulling with the biceps only',
  'Straight-arm Pulldown': 'Arms nearly straight, slight hinge at the hips | Sweep the bar down to your thighs | Return slowly overhead !! Bending the elbows into a pushdown | Rocking the torso',
  // core
  'Front Plank': 'Forearms under the shoulders, body in one straight line | Squeeze your glutes and tighten your stomach | Breathe and hold !! Hips sagging | Hips piked high',
  'Side Plank': 'Elbow under the shoulder, feet stacked or staggered | Lift the hips into a straight line | Hold without rolling !! Hips dropping | Rolling forward or back',
  'Dead Bug': 'Lie on your back, arms up, knees bent at 90° over the hips | Lower one arm and the opposite leg slowly | Keep your lower back pressed into the floor !! Back arching off the floor | Moving too fast',
  'Bird Dog': 'On hands and knees, back flat | Reach one arm and the opposite leg out long | Pause, then return without twisting !! Rotating the hips | Arching the lower back',
  'Pallof Press': 'Stand side-on to the cable, handle at your chest | Press the handle straight out | Resist the pull, then bring it back !! Twisting toward the cable | Leaning away',
  'Crunch': 'Knees bent, hands lightly at your temples | Curl your ribs toward your hips | Lower slowly !! Pulling on your neck | Sitting all the way up with momentum',
  'Russian Twist': 'Sit leaning back a little, chest up | Rotate the shoulders side to side | Keep the movement controlled !! Only moving the arms | Rounding the back',
  'Hanging Knee Raise': 'Hang with straight arms, shoulders active | Bring your knees up toward your chest | Lower slowly without swinging !! Swinging the body | Only lifting the knees to the hips',
  'Ab Wheel Rollout': 'Kneel with the wheel under your shoulders | Roll out as far as you can keep the back flat | Pull back with your stomach !! Lower back sagging | Going further than you can return from',
  'Cable Woodchop': 'Stand side-on, handle high | Pull it across and down, turning through the hips | Return slowly !! Pulling with the arms only | Rounding the back',
  'Farmer Carry': 'Heavy weight in each hand, stand tall | Walk with short steady steps | Shoulders down, stomach braced !! Leaning to one side | Shrugging the shoulders',
  'Seated Band Trunk Rotation': 'Sit tall, band anchored to one side | Turn your chest away from the anchor | Return slowly !! Pulling with the arms | Slumping',
  'Hollow Body Hold': 'Lie on your back, lower back pressed down | Lift shoulders and legs a little off the floor | Hold the banana shape !! Lower back lifting | Holding the breath',
  // arms
  'Seated Dumbbell Curl': 'Sit tall, elbows at your sides | Curl the weights toward your shoulders | Lower all the way !! Swinging the elbows forward | Leaning back',
  'Chair Dip': 'Hands on the edge of a sturdy chair, fingers forward | Lower by bending the elbows behind you | Press back up !! Going so deep the shoulders hurt | Shoulders creeping up to the ears',
  'Barbell Curl': 'Stand tall, elbows at your sides | Curl the bar up | Lower slowly to straight arms !! Swinging with the back | Elbows drifting forward',
  'Hammer Curl': 'Palms facing each other | Curl the weights up, elbows still | Lower slowly !! Swinging | Half reps',
  'Cable Triceps Pushdown': 'Elbows pinned at your sides | Push the bar down until the arms are straight | Let it rise to about chest height !! Elbows flaring forward | Leaning over the bar',
  'Seated Overhead Triceps Extension': 'Sit tall, dumbbell held overhead with both hands | Lower it behind your head, elbows pointing up | Straighten the arms !! Elbows flaring wide | Arching the back',
  'Skull Crusher': 'Lie on a bench, arms straight over the chest | Bend the elbows to bring the bar toward your forehead | Straighten the arms !! Elbows moving out | Letting the upper arms swing',
  // calves
  'Standing Calf Raise': 'Balls of the feet on the edge | Rise as high as you can | Lower slowly into a stretch !! Bouncing | Bending the knees',
  'Body-weight Calf Raise': 'Stand on a step edge, hold something for balance | Rise onto your toes | Lower slowly below the step !! Bouncing quickly | Rolling to the outside of the foot',
  'Seated Calf Raise': 'Pad on your thighs just above the knees | Push up onto the balls of your feet | Lower into a full stretch !! Tiny bouncing reps | Letting the pad crash down',
  // cardio
  'Brisk Walk': 'Walk fast enough that talking takes effort | Stand tall, arms swinging | Land softly, heel to toe !! Strolling too slowly to raise the heart rate | Looking down at your feet',
  'Stationary Bike': 'Seat at hip height so the knee stays slightly bent at the bottom | Pedal smoothly at a steady effort | Relax the shoulders !! Seat too low | Bouncing in the saddle',
  'Rowing Machine': 'Push with the legs, then lean back, then pull with the arms | Return in reverse: arms, body, knees | Keep the back straight !! Pulling with the arms first | Rounding the back',
  'Elliptical Trainer': 'Stand tall, light grip on the handles | Push through the whole foot | Keep a steady rhythm !! Leaning on the rails | Going so easy you barely breathe harder',
  'Arm Ergometer': 'Sit tall, handles at shoulder height | Turn the handles smoothly | Keep a steady effort !! Hunching the shoulders | Jerky turns',
  'Jogging': 'Short light steps, landing under your hips | Relaxed arms and shoulders | Go at a pace you could talk at !! Overstriding onto the heels | Starting too fast',
  'Jump Rope': 'Jump low, on the balls of your feet | Turn the rope with your wrists | Keep the elbows near your sides !! Jumping too high | Swinging the whole arm',
  'Burpee Intervals': 'Squat down, hands on the floor | Step or jump back to a plank, then forward again | Stand or jump up; rest on the interval !! Sagging hips in the plank | Rushing until the form breaks',
  'Seated Shadow Boxing': 'Sit tall, fists up by your chin | Punch out and snap back | Keep a steady pace !! Locking the elbows hard | Dropping the hands',
  'Incline Treadmill Walk': 'Set a gentle incline | Walk tall without holding the rails | Shorten your steps as it gets steeper !! Hanging onto the handrails | Incline too steep to walk upright',
  'Swimming': 'Breathe out steadily under water | Long smooth strokes | Keep the body flat near the surface !! Holding the breath | Lifting the head so the legs sink',
};

const parse = (text: string): HowTo => {
  const [cues = '', mistakes = ''] = text.split(' !! ');
  return { cues: cues.split(' | '), mistakes: mistakes.split(' | ') };
};

/** Every catalog exercise's cues, by its catalog name. */
export const HOW_TO: Readonly<Record<string, HowTo>> = Object.fromEntries(Object.entries(TEXT).map(([name, text]) => [name, parse(text)]));

/** How to do the exercise a name (typed, or a plan's line) stands for; null for the person's own. */
export const howToDo = (name: string): HowTo | null => {
  const exercise = exerciseNamed(name);
  return exercise ? (HOW_TO[exercise.name] ?? null) : null;
};
