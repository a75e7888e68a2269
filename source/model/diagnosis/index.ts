/** The diagnosis: findings of what is wrong and why, from the model's state (README, "Diagnosis"). */
export type * from './diagnosis-types.js';
export {checkFindings, diagnosisView, type DiagnosisView} from './view.js';
