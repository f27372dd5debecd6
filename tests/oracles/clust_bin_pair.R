# Oracle for lecture_lib.clustered_tests.clustered_mcnemar: the four clustered McNemar statistics of the
# R package clust.bin.pair on its two data sets (thyroids, psychiatry) and on 40 random clustered test sets.
#
# Regenerate from the repository root:   Rscript tests/oracles/clust_bin_pair.R
# (clust.bin.pair must be installed; a private library works: R_LIBS=/tmp/Rlib Rscript ...).
# Produced with R 4.2.2 Patched (2022-11-10 r83330), clust.bin.pair 0.1.2, jsonlite 1.8.4 (Debian r-cran-jsonlite).
# Output: tests/oracles/clust_bin_pair.json, one case per data set, with the per-example inputs
# (y_true, y_pred_1, y_pred_2, groups), the per-group counts and, per method, R's statistic and p-value
# (null where R returns NaN).

suppressPackageStartupMessages({
  library(clust.bin.pair)
  library(jsonlite)
})

methods <- c("obuchowski", "durkalski", "yang", "eliasziw", "mcnemar")

# Per-example vectors from per-group counts: y_true = 1, a prediction is right (1) or wrong (0).
expand_tables <- function(ak, bk, ck, dk) {
  groups <- integer(0); r1 <- integer(0); r2 <- integer(0)
  for (k in seq_along(ak)) {
    groups <- c(groups, rep(k, ak[k] + bk[k] + ck[k] + dk[k]))
    r1 <- c(r1, rep(1L, ak[k]), rep(1L, bk[k]), rep(0L, ck[k]), rep(0L, dk[k]))
    r2 <- c(r2, rep(1L, ak[k]), rep(0L, bk[k]), rep(1L, ck[k]), rep(0L, dk[k]))
  }
  list(y_true = rep(1L, length(groups)), y_pred_1 = r1, y_pred_2 = r2, groups = groups)
}

run_case <- function(name, ak, bk, ck, dk, examples) {
  out <- list(name = name, ak = ak, bk = bk, ck = ck, dk = dk)
  out <- c(out, examples)
  res <- list()
  for (m in methods) {
    r <- clust.bin.pair(ak, bk, ck, dk, method = m)
    s <- unname(r$statistic); p <- unname(r$p.value)
    res[[m]] <- list(statistic = if (is.finite(s)) s else NA, pvalue = if (is.finite(p)) p else NA)
  }
  out$r <- res
  out
}

cases <- list()

# thyroids: PET = model 1, SPECT = model 2; x = 1 is a correct (true negative) reading
tc <- nested.to.contingency(thyroids$x.pet, thyroids$x.spect)
cases[[length(cases) + 1]] <- run_case("thyroids", tc$ak, tc$bk, tc$ck, tc$dk,
                                       expand_tables(tc$ak, tc$bk, tc$ck, tc$dk))
# psychiatry: the patient's answer = model 1, the psychiatrist's = model 2
cases[[length(cases) + 1]] <- run_case("psychiatry", psychiatry$ah, psychiatry$bh, psychiatry$ch, psychiatry$dh,
                                       expand_tables(psychiatry$ah, psychiatry$bh, psychiatry$ch, psychiatry$dh))

set.seed(20261130)
for (i in 1:40) {
  K <- sample(c(2, 3, 5, 8, 12, 20, 30, 60), 1)
  max_size <- sample(c(1, 3, 5, 8, 20), 1)
  sizes <- sample(1:max_size, K, replace = TRUE)
  if (i %% 5 == 0) sizes[1] <- 1  # some singletons among larger groups
  groups <- rep(seq_len(K), sizes)
  n <- length(groups)
  # group effects on each model's chance of being right: clustered correctness
  u1 <- rnorm(K, sd = runif(1, 0, 1.5)); u2 <- rnorm(K, sd = runif(1, 0, 1.5))
  acc1 <- runif(1, 0.5, 0.9); acc2 <- runif(1, 0.5, 0.9)
  y_true <- rbinom(n, 1, 0.5)
  right1 <- rbinom(n, 1, plogis(qlogis(acc1) + u1[groups]))
  right2 <- rbinom(n, 1, plogis(qlogis(acc2) + u2[groups]))
  y_pred_1 <- ifelse(right1 == 1, y_true, 1 - y_true)
  y_pred_2 <- ifelse(right2 == 1, y_true, 1 - y_true)
  ak <- as.vector(tapply(right1 == 1 & right2 == 1, factor(groups, levels = seq_len(K)), sum))
  bk <- as.vector(tapply(right1 == 1 & right2 == 0, factor(groups, levels = seq_len(K)), sum))
  ck <- as.vector(tapply(right1 == 0 & right2 == 1, factor(groups, levels = seq_len(K)), sum))
  dk <- as.vector(tapply(right1 == 0 & right2 == 0, factor(groups, levels = seq_len(K)), sum))
  cases[[length(cases) + 1]] <- run_case(paste0("random-", i), ak, bk, ck, dk,
                                         list(y_true = y_true, y_pred_1 = y_pred_1, y_pred_2 = y_pred_2,
                                              groups = groups))
}

write_json(list(r_version = R.version.string,
                package_version = as.character(packageVersion("clust.bin.pair")),
                cases = cases),
           "tests/oracles/clust_bin_pair.json", digits = NA, auto_unbox = TRUE, na = "null", pretty = FALSE)
