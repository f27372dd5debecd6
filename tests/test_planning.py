"""Power and sample size: Connor (1987), Noether (1987), the Nemenyi formula, exact sums, simulation.

Published numbers: lecture_lib/data/interval_examples.json (Connor's n = 3923,
Nemenyi's N = 96, both from issue 15 and recomputed by hand in the fixture's
notes). The exact McNemar power is checked against the definition (a sum over
every table) and a seeded simulation; the numbers of data sets by seeded,
vectorised simulations of the tests the library implements.
"""

import math

import numpy as np
import pytest
from scipy import special, stats

from lecture_lib import (
    EXACT_SCAN_MAX,
    MCNEMAR_METHODS,
    critical_difference,
    critical_value,
    interval_examples,
    mcnemar_power,
    mcnemar_pvalues,
    mcnemar_sample_size,
    nemenyi_n_datasets,
    rankdata,
    wilcoxon_critical_value,
    wilcoxon_n_datasets,
)

EXAMPLES = interval_examples()


def _monte_carlo_band(p, reps, sds=4):
    return sds * math.sqrt(p * (1 - p) / reps)


# --------------------------------------------------------------------------- McNemar power


def _power_by_definition(n, psi, delta, alpha, method):
    """Sum over every table (b, c) of its trinomial probability times 1[p-value <= alpha]."""
    p12, p21 = (psi + delta) / 2, (psi - delta) / 2
    b, c = np.meshgrid(np.arange(n + 1), np.arange(n + 1), indexing="ij")
    keep = b + c <= n
    b, c = b[keep], c[keep]
    log_p = (special.gammaln(n + 1) - special.gammaln(b + 1) - special.gammaln(c + 1) - special.gammaln(n - b - c + 1)
             + special.xlogy(b, p12) + special.xlogy(c, p21) + special.xlog1py(n - b - c, -psi))
    _, pvalue = mcnemar_pvalues(b, c, method)
    return float(np.sum(np.exp(log_p)[pvalue <= alpha]))


@pytest.mark.parametrize("method", MCNEMAR_METHODS)
@pytest.mark.parametrize(
    "n, psi, delta", [(1, 0.5, 0.1), (12, 0.3, 0.1), (37, 0.9, -0.5), (60, 0.15, 0.0), (45, 1.0, 0.4)]
)
def test_exact_power_equals_the_sum_over_every_table(method, n, psi, delta):
    ours = mcnemar_power(n, psi, delta, alpha=0.05, method=method).power
    assert ours == pytest.approx(_power_by_definition(n, psi, delta, 0.05, method), abs=1e-12)


def test_exact_power_agrees_with_simulation():
    # seeded simulation of 20 000 test sets of 300 examples, tested with the library's p-values
    n, psi, delta = 300, 0.12, 0.05
    rng = np.random.default_rng(15)
    cells = rng.multinomial(n, [(psi + delta) / 2, (psi - delta) / 2, 1 - psi], size=20000)
    for method in ("midp", "exact", "chi2"):
        _, pvalue = mcnemar_pvalues(cells[:, 0], cells[:, 1], method)
        simulated = float(np.mean(pvalue <= 0.05))
        exact = mcnemar_power(n, psi, delta, 0.05, method).power
        assert abs(simulated - exact) <= _monte_carlo_band(exact, len(cells)), (method, simulated, exact)


def test_power_is_symmetric_in_the_difference_and_the_size_is_controlled():
    for n in (20, 75, 200):
        for psi in (0.1, 0.3, 0.5):
            for delta in (0.05, 0.1):
                assert mcnemar_power(n, psi, delta).power == pytest.approx(
                    mcnemar_power(n, psi, -delta).power, abs=1e-14
                )
    # The exact conditional test keeps its level for every number of disagreements, so also
    # unconditionally. Fagerland, Lydersen & Laake (2013): the mid-p test did not exceed the nominal
    # level in any of their scenarios; on this grid it does not either.
    for n in range(10, 201, 10):
        for psi in np.linspace(0.02, 0.5, 13):
            assert mcnemar_power(n, psi, 0.0, 0.05, "exact").power <= 0.05
            assert mcnemar_power(n, psi, 0.0, 0.05, "midp").power <= 0.05


def test_connor_normal_power_formula():
    # Connor (1987): Phi((|delta| sqrt(n) - z sqrt(psi)) / sqrt(psi - delta^2)), recomputed here
    n, psi, delta = 1500, 0.08, 0.02
    z = stats.norm.ppf(0.975)
    expected = stats.norm.cdf((abs(delta) * math.sqrt(n) - z * math.sqrt(psi)) / math.sqrt(psi - delta**2))
    assert mcnemar_power(n, psi, delta).power_normal == pytest.approx(expected, rel=1e-12)
    assert mcnemar_power(n, psi, -delta).power_normal == pytest.approx(expected, rel=1e-12)


def test_power_grows_with_the_difference_and_the_alpha():
    powers = [mcnemar_power(800, 0.1, d).power for d in (0.0, 0.01, 0.02, 0.04, 0.08)]
    assert powers == sorted(powers) and powers[-1] > 0.99
    assert mcnemar_power(800, 0.1, 0.02, alpha=0.1).power > mcnemar_power(800, 0.1, 0.02, alpha=0.01).power


# --------------------------------------------------------------------------- McNemar sample size


def test_connor_sample_size_fixture():
    # issue 15 / Connor (1987): psi = 0.05, delta = 0.01, alpha = 0.05, power = 0.8 -> n = 3923
    example = EXAMPLES["connor1987_issue15"]
    plan = mcnemar_sample_size(**example.inputs)
    assert plan.n_connor == example.printed["n_connor"]
    z_a, z_b = stats.norm.ppf(0.975), stats.norm.ppf(0.8)
    assert plan.n_connor == math.ceil((z_a * math.sqrt(0.05) + z_b * math.sqrt(0.05 - 0.01**2)) ** 2 / 0.01**2)


@pytest.mark.parametrize("method", ["midp", "exact"])
@pytest.mark.parametrize("psi, delta", [(0.05, 0.01), (0.3, 0.2), (0.1, -0.05)])
def test_exact_sample_size_is_the_smallest_n_reaching_the_target(method, psi, delta):
    plan = mcnemar_sample_size(psi, delta, 0.05, 0.8, method)
    # checked with mcnemar_power, which sums binomial probabilities directly (not the scan's recursion)
    at = mcnemar_power(plan.n_exact, psi, delta, 0.05, method).power
    before = mcnemar_power(plan.n_exact - 1, psi, delta, 0.05, method).power
    assert before < 0.8 <= at
    assert plan.power_at_exact == pytest.approx(at, abs=1e-12)
    assert plan.power_at_connor == pytest.approx(
        mcnemar_power(plan.n_connor, psi, delta, 0.05, method).power, abs=1e-12
    )
    assert plan.n_exact_stable == plan.n_exact  # with psi well below 1 the curve does not saw-tooth here


def test_connor_is_optimistic_for_the_exact_test_and_close_for_mid_p():
    midp = mcnemar_sample_size(0.05, 0.01, method="midp")
    exact = mcnemar_sample_size(0.05, 0.01, method="exact")
    assert exact.power_at_connor < 0.8 < midp.power_at_connor
    assert exact.n_exact > exact.n_connor
    assert abs(midp.n_exact - midp.n_connor) / midp.n_connor < 0.02


def test_saw_tooth_when_the_number_of_disagreements_is_fixed():
    # psi = 1: every example is a disagreement, so b + c = n and the discrete test's power
    # rises and falls with n; the first n reaching the target is not where it stays there
    plan = mcnemar_sample_size(1.0, 0.4, 0.05, 0.8, "midp")
    assert plan.n_exact < plan.n_exact_stable
    powers = [mcnemar_power(n, 1.0, 0.4).power for n in range(plan.n_exact, plan.n_exact_stable + 1)]
    assert powers[0] >= 0.8 and min(powers) < 0.8 and powers[-1] >= 0.8
    assert mcnemar_power(plan.n_exact_stable - 1, 1.0, 0.4).power < 0.8
    later = [mcnemar_power(n, 1.0, 0.4).power for n in range(plan.n_exact_stable, 2 * plan.n_exact_stable)]
    assert min(later) >= 0.8


def test_exact_scan_is_skipped_beyond_its_limit():
    plan = mcnemar_sample_size(0.5, 0.005)  # Connor: about 157 000 pairs
    assert 2 * plan.n_connor > EXACT_SCAN_MAX
    assert plan.n_exact is None and plan.n_exact_stable is None and plan.power_at_exact is None
    assert 0.79 < plan.power_at_connor < 0.81


def test_mcnemar_planning_bad_input():
    with pytest.raises(ValueError, match="discordant_proportion must be > 0"):
        mcnemar_power(100, 0.0, 0.0)
    with pytest.raises(ValueError, match="discordant_proportion"):
        mcnemar_sample_size(1.2, 0.1)
    with pytest.raises(ValueError, match="difference must lie in"):
        mcnemar_power(100, 0.1, 0.2)
    with pytest.raises(ValueError, match="difference must lie in"):
        mcnemar_sample_size(0.1, -0.15)
    with pytest.raises(ValueError, match="difference must not be 0"):
        mcnemar_sample_size(0.1, 0.0)
    with pytest.raises(ValueError, match="difference must be finite"):
        mcnemar_power(100, 0.1, math.nan)
    with pytest.raises(TypeError, match="difference"):
        mcnemar_power(100, 0.1, "0.05")
    with pytest.raises(ValueError, match="n must be >= 1"):
        mcnemar_power(0, 0.1, 0.05)
    with pytest.raises(ValueError, match="'textbook'"):
        mcnemar_power(100, 0.1, 0.05, method="auto")
    with pytest.raises(ValueError, match="power"):
        mcnemar_sample_size(0.1, 0.05, power=1.0)


# --------------------------------------------------------------------------- Wilcoxon


def _wilcoxon_power_by_simulation(shift, n_datasets, reps, rng, alpha=0.05):
    """Exact two-sided signed-rank test on normal differences (continuous: no ties, no zeros)."""
    d = rng.normal(shift, 1.0, size=(reps, n_datasets))
    ranks = rankdata(np.abs(d), axis=1)
    r_plus = np.sum(ranks * (d > 0), axis=1)
    t = np.minimum(r_plus, n_datasets * (n_datasets + 1) / 2 - r_plus)
    return float(np.mean(t <= wilcoxon_critical_value(n_datasets, alpha)))


def test_noether_formula():
    # Noether (1987): N = (z_{1-alpha/2} + z_power)^2 / (3 (p' - 1/2)^2), p' = Phi(sqrt(2) shift)
    plan = wilcoxon_n_datasets(0.3, alpha=0.05, power=0.9)
    p_walsh = stats.norm.cdf(math.sqrt(2) * 0.3)
    expected = (stats.norm.ppf(0.975) + stats.norm.ppf(0.9)) ** 2 / (3 * (p_walsh - 0.5) ** 2)
    assert plan.n_noether == pytest.approx(expected, rel=1e-12)
    assert plan.n_datasets == math.ceil(expected)
    assert plan.p_walsh == pytest.approx(p_walsh) and plan.p_positive == pytest.approx(stats.norm.cdf(0.3))


def test_wilcoxon_minimum_is_where_the_exact_test_can_first_reject():
    for alpha in (0.2, 0.1, 0.05, 0.01, 0.001):
        n_min = wilcoxon_n_datasets(5.0, alpha=alpha, power=0.5).n_minimum
        assert wilcoxon_critical_value(n_min, alpha) == 0
        assert n_min == 1 or wilcoxon_critical_value(n_min - 1, alpha) == -1
    assert wilcoxon_n_datasets(5.0, alpha=0.2, power=0.2).n_datasets == wilcoxon_n_datasets(5.0, 0.2, 0.2).n_minimum


@pytest.mark.parametrize("shift", [0.3, 0.5])
def test_wilcoxon_power_at_the_planned_number_of_data_sets(shift):
    # Simulation (8000 replications): the power at the returned N reaches the target within
    # Monte Carlo error; the formula errs on the safe side, more for larger shifts (fewer data
    # sets), as the docstring says (about 0.82 at 0.3, 0.84 at 0.5). With a quarter fewer data
    # sets the power falls below the target.
    rng = np.random.default_rng(5)
    n = wilcoxon_n_datasets(shift).n_datasets
    reps = 8000
    power = _wilcoxon_power_by_simulation(shift, n, reps, rng)
    assert power >= 0.8 - _monte_carlo_band(0.8, reps, 3)
    assert power <= {0.3: 0.84, 0.5: 0.88}[shift]
    assert _wilcoxon_power_by_simulation(shift, round(0.75 * n), reps, rng) < 0.8


def test_wilcoxon_planning_bad_input():
    for bad in (0.0, -0.5, math.inf, math.nan):
        with pytest.raises(ValueError, match="standardized_shift"):
            wilcoxon_n_datasets(bad)
    with pytest.raises(TypeError, match="standardized_shift"):
        wilcoxon_n_datasets("0.5")
    with pytest.raises(ValueError, match="power"):
        wilcoxon_n_datasets(0.5, power=0.0)
    with pytest.raises(ValueError, match="too small"):
        wilcoxon_n_datasets(1e-300)


# --------------------------------------------------------------------------- Nemenyi


def test_nemenyi_fixture_and_formula():
    # issue 15: k = 6, a gap of one mean rank -> 96 data sets
    example = EXAMPLES["nemenyi_issue15"]
    plan = nemenyi_n_datasets(**example.inputs)
    assert plan.n_datasets == example.printed["n_datasets"]
    assert plan.q_alpha == critical_value(6, 0.05, "nemenyi")
    assert plan.q_alpha == pytest.approx(stats.studentized_range.ppf(0.95, 6, np.inf) / math.sqrt(2))
    # at the (unrounded) N the gap exceeds the critical difference q_alpha se by z_power standard errors
    se = math.sqrt(6 * 7 / (6 * plan.n_formula))
    assert 1.0 - plan.q_alpha * se == pytest.approx(stats.norm.ppf(0.8) * se)
    assert critical_difference(6, 96, 0.05) < 1.0 < critical_difference(6, 95, 0.05) + stats.norm.ppf(0.8) * se


def _nemenyi_power_by_simulation(k, gap, n_datasets, reps, rng):
    """One algorithm better than k - 1 equal ones (normal scores), calibrated so that the
    expected mean-rank gap to each of the others is `gap`: E[gap] = k (Phi(shift / sqrt 2) - 1/2)."""
    shift = math.sqrt(2) * stats.norm.ppf(0.5 + gap / k)
    scores = rng.normal(size=(reps, n_datasets, k))
    scores[:, :, 0] += shift
    mean_ranks = rankdata(-scores, axis=2).mean(axis=1)  # rank 1 = best
    observed_gap = mean_ranks[:, 1] - mean_ranks[:, 0]
    detected = np.abs(observed_gap) > critical_difference(k, n_datasets, 0.05)
    return float(np.mean(detected)), float(np.mean(observed_gap))


@pytest.mark.parametrize("k, gap, upper", [(6, 1.0, 0.86), (4, 0.5, 0.84)])
def test_nemenyi_power_at_the_planned_number_of_data_sets(k, gap, upper):
    # Simulation (4000 replications): the power at the returned N reaches the target within Monte
    # Carlo error and errs on the safe side (about 0.82 for both), as the docstring says.
    rng = np.random.default_rng(6)
    n = nemenyi_n_datasets(k, gap).n_datasets
    reps = 4000
    power, mean_gap = _nemenyi_power_by_simulation(k, gap, n, reps, rng)
    assert mean_gap == pytest.approx(gap, abs=0.03)  # the simulated design has the planned gap
    assert 0.8 - _monte_carlo_band(0.8, reps, 3) <= power <= upper
    assert _nemenyi_power_by_simulation(k, gap, round(0.7 * n), reps, rng)[0] < 0.8


def test_nemenyi_planning_bad_input():
    with pytest.raises(ValueError, match="rank_gap must be at most k - 1"):
        nemenyi_n_datasets(3, 2.5)
    with pytest.raises(ValueError, match="rank_gap"):
        nemenyi_n_datasets(3, 0.0)
    with pytest.raises(ValueError, match="k must be >= 2"):
        nemenyi_n_datasets(1, 0.5)
    with pytest.raises(ValueError, match="alpha"):
        nemenyi_n_datasets(4, 1.0, alpha=1.0)
