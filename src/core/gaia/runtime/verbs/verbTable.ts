/** Every Gaia name Warrant runs, mapped to its implementation. */
import { artifactVerb, figureVerb } from './artifactVerbs.ts';
import { COMPOSITE_STRATEGY_VERBS } from './compositeStrategyVerbs.ts';
import { composeVerb } from './composeVerb.ts';
import { decomposeVerb } from './decomposeVerb.ts';
import { exportVerb } from './exportVerb.ts';
import { FORMULA_VERBS } from './formulaVerbs.ts';
import { KNOWLEDGE_CLASSES } from './knowledgeClasses.ts';
import { LOGIC_VERBS } from './logicVerbs.ts';
import { claimVerb, contextVerb, noteVerb, questionVerb, settingVerb } from './knowledgeVerbs.ts';
import { LEGACY_OPERATOR_VERBS } from './legacyOperatorVerbs.ts';
import { LEGACY_STRATEGY_VERBS } from './legacyStrategyVerbs.ts';
import { associateVerb, inferVerb } from './probabilisticVerbs.ts';
import { registerPriorVerb } from './registerPriorVerb.ts';
import { registerActionLowererVerb, registeredActionLowerersVerb } from '../extensions/lowererVerbs.ts';
import { defaultResolutionPolicyVerb, resolutionPolicyVerb } from './resolutionPolicyVerb.ts';
import { contradictVerb, equalVerb, exclusiveVerb } from './relationVerbs.ts';
import { candidateRelationVerb, dependsOnVerb, materializeVerb } from './scaffoldVerbs.ts';
import { StepClass } from './stepClass.ts';
import { deriveVerb, observeVerb } from './supportVerbs.ts';
import { computeVerb } from './computeVerb.ts';
import type { VerbImpl } from './verbTypes.ts';
import { quantityVerb } from '../units/quantityVerb.ts';
import { roleOccurrenceVerb, rolesForClaimVerb, rolesForPackageVerb } from './roleVerbs.ts';
import { DISTRIBUTION_VERBS, compareVerb, modelVerb, precomputedLikelihoodsVerb, studentTVerb } from '../bayes/bayesVerbs.ts';

export const VERBS: ReadonlyMap<string, VerbImpl> = new Map(
  Object.entries({
    claim: claimVerb,
    note: noteVerb,
    question: questionVerb,
    setting: settingVerb,
    context: contextVerb,
    derive: deriveVerb,
    observe: observeVerb,
    compute: computeVerb,
    infer: inferVerb,
    associate: associateVerb,
    equal: equalVerb,
    contradict: contradictVerb,
    exclusive: exclusiveVerb,
    decompose: decomposeVerb,
    depends_on: dependsOnVerb,
    candidate_relation: candidateRelationVerb,
    materialize: materializeVerb,
    compose: composeVerb,
    composition: composeVerb,
    register_prior: registerPriorVerb,
    register_action_lowerer: registerActionLowererVerb,
    registered_action_lowerers: registeredActionLowerersVerb,
    ResolutionPolicy: resolutionPolicyVerb,
    default_resolution_policy: defaultResolutionPolicyVerb,
    export: exportVerb,
    artifact: artifactVerb,
    figure: figureVerb,
    Step: StepClass,
    'gaia.unit.q': quantityVerb,
    roles_for_claim: rolesForClaimVerb,
    roles_for_package: rolesForPackageVerb,
    RoleOccurrence: roleOccurrenceVerb,
    StudentT: studentTVerb,
    'bayes.model': modelVerb,
    'bayes.compare': compareVerb,
    'bayes.PrecomputedLikelihoods': precomputedLikelihoodsVerb,
    ...DISTRIBUTION_VERBS,
    ...KNOWLEDGE_CLASSES,
    ...FORMULA_VERBS,
    ...LOGIC_VERBS,
    ...LEGACY_STRATEGY_VERBS,
    ...COMPOSITE_STRATEGY_VERBS,
    ...LEGACY_OPERATOR_VERBS,
  }),
);
