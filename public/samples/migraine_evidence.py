"""Does a nightly magnesium supplement prevent migraines? An evidence package."""

from gaia.engine.lang import (
    candidate_relation,
    claim,
    contradict,
    decompose,
    depends_on,
    derive,
    equal,
    exclusive,
    infer,
    materialize,
    note,
    observe,
    question,
    register_prior,
)

scope = note(
    "Adults with episodic migraine; the supplement is 400 mg of magnesium citrate "
    "taken nightly for twelve weeks."
)

research_question = question("Does nightly magnesium reduce how often migraines occur?")

effective = claim("Nightly magnesium reduces monthly migraine days in adults.")

register_prior(
    effective,
    value=0.35,
    justification="Earlier small studies were mixed; most supplements tested this way fail.",
)

deficiency_common = claim(
    "Many people with migraine have low magnesium in their blood.",
    prior=0.6,
)

mechanism = claim(
    "Magnesium blocks the receptors that start cortical spreading depression."
)

mechanism_explains = derive(
    "If magnesium calms cortical spreading depression, fewer attacks should start.",
    given=[mechanism, deficiency_common],
    rationale="Spreading depression is the usual trigger of migraine aura and pain.",
    label="mechanism_path",
)

trial_result = claim(
    "In the randomised trial, the magnesium group had 2.1 fewer migraine days a month."
)

observe(trial_result, rationale="Published trial, 240 participants, double blind.")

trial_supports = infer(
    trial_result,
    hypothesis=effective,
    p_e_given_h=0.7,
    p_e_given_not_h=0.15,
    rationale="A drop this large is unlikely by chance with this many participants.",
    label="trial_update",
)

placebo_only = claim("The improvement is entirely a placebo effect.")

real_or_placebo = exclusive(
    effective,
    placebo_only,
    rationale="Either the supplement works or the drop is placebo; the design rules out both.",
    label="real_or_placebo",
)

registry_study = claim(
    "A large registry found no difference in migraine days between users and non-users."
)

observe(registry_study, rationale="National prescription registry, 18,000 people.")

registry_conflict = contradict(
    registry_study,
    trial_result,
    rationale="The registry and the trial cannot both describe the same population.",
    label="registry_conflict",
)

same_outcome = equal(
    mechanism_explains,
    effective,
    rationale="If the mechanism holds, it is exactly the claimed benefit.",
    label="same_outcome",
)

absorption = claim("Magnesium citrate is well absorbed when taken at night.", prior=0.8)

absorption_link = infer(
    absorption,
    hypothesis=effective,
    p_e_given_h=0.96,
    p_e_given_not_h=0.75,
    rationale="Benefit needs absorption; absorption alone does not guarantee benefit.",
    label="absorption_link",
)

fewer_days = claim("Participants had fewer migraine days.")
fewer_severe = claim("Participants had fewer severe attacks.")
benefit = claim("The supplement gives a clinically useful benefit.")

benefit_parts = decompose(
    benefit,
    parts=[fewer_days, fewer_severe],
    formula=fewer_days & fewer_severe,
    rationale="Clinicians count a benefit only when both measures improve.",
    label="benefit_parts",
)

dosing_unknown = depends_on(
    benefit,
    given=[absorption],
    rationale="Whether a lower dose works as well has not been formalised yet.",
    label="dosing_unknown",
)

suspected_link = candidate_relation(
    claims=[deficiency_common, effective],
    pattern="equal",
    rationale="People with low magnesium may be the only ones who benefit.",
    label="suspected_link",
)

materialize(suspected_link, by=[mechanism_explains])

__all__ = [
    "effective",
    "trial_result",
    "registry_study",
    "benefit",
    "real_or_placebo",
    "registry_conflict",
]
