# Oracle values for lecture_lib.diebold_mariano_test (tests/test_forecast_tests.py).
#
# Regenerate from the repository root with
#     Rscript tests/oracles/forecast_dm.R
# which rewrites tests/oracles/forecast_dm.json. Produced with R 4.2.2 (Debian) and
# forecast 8.20 (Debian package r-cran-forecast).
#
# forecast::dm.test(e1, e2, alternative, h, power) tests the loss differential
# d = |e1|^power - |e2|^power. We give it non-negative losses as "errors" with power = 1,
# so that d is exactly loss_1 - loss_2, the input of our function. For the squared-error
# cases it is also run on the raw errors with power = 2 (the same numbers must come out).
# Its default long-run variance estimator, varestimator = "acf", is used throughout.
# The last cases are built so that the acf estimate of the long-run variance is negative:
# dm.test then warns and falls back to h = 1; the JSON records the warning.

library(forecast)
library(jsonlite)

set.seed(20261130)
alternatives <- c("two.sided", "less", "greater")

# MA(h - 1) forecast errors of length n (the errors of optimal h-step forecasts are MA(h - 1)).
ma_errors <- function(n, h, sd) {
  theta <- c(1, runif(h - 1, 0.2, 0.9))
  z <- rnorm(n + h - 1, sd = sd)
  as.numeric(stats::filter(z, theta, sides = 1))[h:(n + h - 1)]
}

run_dm <- function(l1, l2, alternative, h, power = 1) {
  warned <- FALSE
  res <- withCallingHandlers(
    dm.test(l1, l2, alternative = alternative, h = h, power = power),
    warning = function(w) {
      warned <<- TRUE
      invokeRestart("muffleWarning")
    }
  )
  list(statistic = unname(res$statistic), pvalue = res$p.value, warned = warned)
}

cases <- list()
for (i in seq_len(40)) {
  n <- sample(c(8, 12, 20, 37, 50, 100, 250), 1)
  h <- sample(1:4, 1)
  alternative <- alternatives[(i - 1) %% 3 + 1]
  e1 <- ma_errors(n, h, 1)
  e2 <- ma_errors(n, h, sample(c(0.8, 1, 1.3), 1))
  loss <- if (i %% 2 == 0) "squared" else "absolute"
  if (loss == "squared") {
    l1 <- e1^2
    l2 <- e2^2
  } else {
    l1 <- abs(e1)
    l2 <- abs(e2)
  }
  out <- run_dm(l1, l2, alternative, h)
  case <- list(loss_1 = l1, loss_2 = l2, horizon = h, alternative = alternative, loss = loss,
               statistic = out$statistic, pvalue = out$pvalue, fallback = out$warned)
  if (loss == "squared") {
    raw <- run_dm(e1, e2, alternative, h, power = 2)
    case$statistic_power_2 <- raw$statistic
    case$pvalue_power_2 <- raw$pvalue
  }
  cases[[length(cases) + 1]] <- case
}

# Strongly negatively autocorrelated differentials: gamma_0 + 2 gamma_1 < 0 for h = 2.
for (i in seq_len(4)) {
  n <- c(10, 21, 40, 75)[i]
  h <- 2
  l2 <- runif(n, 1, 2)
  l1 <- l2 + 0.1 + (-1)^(seq_len(n)) * runif(n, 0.5, 1)
  alternative <- alternatives[i %% 3 + 1]
  out <- run_dm(l1, l2, alternative, h)
  cases[[length(cases) + 1]] <- list(loss_1 = l1, loss_2 = l2, horizon = h, alternative = alternative,
                                     loss = "constructed", statistic = out$statistic,
                                     pvalue = out$pvalue, fallback = out$warned)
}

info <- list(r_version = R.version.string, forecast_version = as.character(packageVersion("forecast")),
             seed = 20261130, cases = cases)
write_json(info, "tests/oracles/forecast_dm.json", digits = NA, auto_unbox = TRUE, pretty = FALSE)
