"""selection_error_rate (chapter 9): closed forms, scipy's multivariate normal, and simulation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from lecture_lib import selection_error_rate


def _box_probability(n, rho, alpha):
    """P(max |Z_m| > c) for n equicorrelated standard normals, from scipy's multivariate normal CDF."""
    c = stats.norm.ppf(1 - alpha / 2)
    cov = np.full((n, n), rho) + np.eye(n) * (1 - rho)
    inside = stats.multivariate_normal(np.zeros(n), cov).cdf(np.full(n, c), lower_limit=np.full(n, -c))
    return 1 - inside


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.floats(0.0, 0.95), st.sampled_from([0.01, 0.05, 0.1]))
def test_matches_scipy_multivariate_normal(n, rho, alpha):
    # scipy's Genz integration has an error of about 1e-5 (its default tolerance)
    assert selection_error_rate(n, rho, alpha) == pytest.approx(_box_probability(n, rho, alpha), abs=5e-5)


@pytest.mark.parametrize("n", [1, 2, 5, 20, 100])
@pytest.mark.parametrize("alpha", [0.01, 0.05])
def test_closed_forms_at_the_ends(n, alpha):
    # independent analyses: 1 - (1 - alpha)^n; one analysis, or perfectly correlated ones: alpha
    assert selection_error_rate(n, 0.0, alpha) == pytest.approx(1 - (1 - alpha) ** n, rel=1e-10)
    assert selection_error_rate(n, 1.0, alpha) == alpha
    assert selection_error_rate(1, 0.7, alpha) == alpha


def test_near_one_it_approaches_alpha_from_above_smoothly():
    # the integrand is a near-step there; the rate must still fall monotonically towards alpha
    rates = [selection_error_rate(20, rho) for rho in (0.9, 0.99, 0.999, 0.9999, 0.999999)]
    assert all(a > b for a, b in zip(rates, rates[1:], strict=False)) and rates[-1] > 0.05
    assert rates[-1] == pytest.approx(0.05, abs=5e-3)


def test_matches_a_simulation_of_rerunning_until_significant():
    # 400 000 sets of 10 statistics correlated at 0.8; "stop at the first p <= 0.05" rejects when any does.
    # Monte Carlo sd sqrt(0.17 * 0.83 / 4e5) = 0.0006: 0.003 is five of them.
    rng = np.random.default_rng(0)
    shared = rng.normal(size=(400_000, 1))
    z = np.sqrt(0.8) * shared + np.sqrt(0.2) * rng.normal(size=(400_000, 10))
    first_significant = np.argmax(np.abs(z) >= stats.norm.ppf(0.975), axis=1)
    stopped = np.abs(z[np.arange(z.shape[0]), first_significant]) >= stats.norm.ppf(0.975)
    assert selection_error_rate(10, 0.8) == pytest.approx(stopped.mean(), abs=0.003)


def test_more_options_or_less_correlation_never_lowers_the_rate():
    grid = np.array([[selection_error_rate(n, rho) for rho in (0.0, 0.3, 0.6, 0.9)] for n in (1, 2, 5, 10, 50)])
    assert np.all(np.diff(grid, axis=0) >= 0) and np.all(np.diff(grid, axis=1) <= 1e-15)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"n_options": 0}, ValueError, "n_options"),
    ({"n_options": 2.5}, ValueError, "n_options"),
    ({"n_options": "3"}, TypeError, "n_options"),
    ({"correlation": 1.5}, ValueError, "correlation"),
    ({"correlation": -0.1}, ValueError, "correlation"),
    ({"correlation": float("nan")}, ValueError, "correlation"),
    ({"alpha": 0.0}, ValueError, "alpha"),
])
def test_bad_input(kwargs, error, words):
    args = {"n_options": 3, "correlation": 0.5} | kwargs
    with pytest.raises(error, match=words):
        selection_error_rate(**args)
