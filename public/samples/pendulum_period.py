"""Does a heavier bob make a pendulum swing more slowly? A thought experiment."""

from gaia.engine.lang import (
    claim,
    contradict,
    decompose,
    derive,
    equal,
    exclusive,
    infer,
    note,
    observe,
    question,
    register_prior,
)

setup = note(
    "Two pendulums hang from the same beam on strings of equal length; one bob is "
    "brass, the other cork of the same size. Both are released from a small angle."
)

asked = question("Does the period of a pendulum depend on the mass of its bob?")

mass_matters = claim("A heavier bob gives a pendulum a longer period.")
mass_irrelevant = claim("The period depends on the string length and gravity, not on the bob's mass.")

register_prior(
    mass_irrelevant,
    value=0.5,
    justification="Before the experiment both answers are taken as equally plausible.",
)

one_answer = exclusive(
    mass_matters,
    mass_irrelevant,
    rationale="Exactly one of the two accounts of the period can hold.",
    label="one_answer",
)

equal_acceleration = claim(
    "Near the ground every body accelerates equally under gravity, whatever its mass.",
    prior=0.9,
)

restoring_force = claim(
    "The restoring force on the bob grows in proportion to its mass.",
    prior=0.95,
)

mass_cancels = derive(
    "In the equation of motion the bob's mass cancels out.",
    given=[equal_acceleration, restoring_force],
    rationale="Force and inertia both scale with the mass, so it divides away.",
    label="mass_cancels_path",
)

same_claim = equal(
    mass_cancels,
    mass_irrelevant,
    rationale="Mass cancelling from the equation is what independence of mass means.",
    label="same_claim",
)

swings_together = claim("Released together, the brass and cork bobs stay in step for ten swings.")

observe(
    swings_together,
    rationale="Timed by eye against a metronome; both bobs crossed the midpoint together.",
)

timing = infer(
    swings_together,
    hypothesis=mass_irrelevant,
    p_e_given_h=0.85,
    p_e_given_not_h=0.2,
    rationale="If mass mattered, the bobs would drift apart within a few swings.",
    label="timing_update",
)

cork_lags_later = claim("After fifty swings the cork bob lags behind the brass one.")

drag_effect = claim("Air drag, not mass itself, makes the light bob fall behind.", prior=0.8)

observe(
    cork_lags_later,
    given=[drag_effect],
    background=[setup],
    rationale="Air resistance slows the lighter bob more over a long run.",
)

lag_vs_mass = contradict(
    cork_lags_later,
    mass_matters,
    rationale="A lag that only appears late is not the steady slowing mass would cause.",
    label="lag_vs_mass",
)

small_angle = claim("The swing angle stays below ten degrees.", prior=0.9)
short_string = claim("The strings are shorter than one metre.", prior=0.7)
textbook_case = claim("The experiment is in the regime the simple formula describes.")

regime = decompose(
    textbook_case,
    parts=[small_angle, short_string],
    formula=small_angle & ~short_string | small_angle,
    rationale="The simple formula needs small angles; string length does not change that.",
    label="regime",
)

__all__ = ["mass_irrelevant", "mass_matters", "one_answer", "same_claim", "textbook_case"]
