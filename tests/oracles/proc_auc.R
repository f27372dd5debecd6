# Oracle for lecture_lib.auc_interval and lecture_lib.partial_auc: R's pROC.
#
# Regenerate from the repository root with
#     Rscript tests/oracles/proc_auc.R
# (written with R 4.2.2 and pROC 1.18.0 from Debian bookworm: apt-get install r-cran-proc).
# It draws its own random inputs (set.seed below), runs pROC's ci.auc (DeLong and stratified
# bootstrap) and auc(partial.auc = ...) on them and on pROC's aSAH data, and writes everything,
# inputs included, to tests/oracles/proc_auc.json. tests/test_auc.py reads that file.
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261127)

ranges <- list(c(1, 0.9), c(0.9, 0.7), c(1, 0.8), c(0.6, 0.2), c(1, 0))

one_case <- function(y, s) {
  r <- roc(y, s, levels = c(0, 1), direction = "<", quiet = TRUE)
  partial <- lapply(ranges, function(sp) {
    list(specificity = sp,
         area = as.numeric(auc(r, partial.auc = sp)),
         corrected = as.numeric(auc(r, partial.auc = sp, partial.auc.correct = TRUE)))
  })
  list(y = y, score = s, auc = as.numeric(auc(r)),
       ci95_delong = as.numeric(ci.auc(r, method = "delong"))[c(1, 3)],
       ci90_delong = as.numeric(ci.auc(r, method = "delong", conf.level = 0.9))[c(1, 3)],
       partial = partial)
}

cases <- list()
for (i in 1:40) {
  n <- sample(c(8, 15, 40, 120, 400), 1)
  y <- rbinom(n, 1, runif(1, 0.2, 0.8))
  if (sum(y) < 2) y[1:2] <- 1
  if (sum(1 - y) < 2) y[3:4] <- 0
  shift <- runif(1, 0, 3)
  s <- rnorm(n) + shift * y
  if (i %% 3 == 0) s <- round(s)          # heavy ties
  if (i %% 7 == 0) s <- s + 6 * y         # near-perfect separation, AUC near 1
  cases[[i]] <- one_case(y, s)
}

data(aSAH)
r <- roc(aSAH$outcome, aSAH$s100b, levels = c("Good", "Poor"), direction = "<", quiet = TRUE)
set.seed(1)
boot <- as.numeric(ci.auc(r, method = "bootstrap", boot.n = 20000, progress = "none"))[c(1, 3)]
asah <- list(
  partial = lapply(ranges, function(sp) list(
    specificity = sp,
    area = as.numeric(auc(r, partial.auc = sp)),
    corrected = as.numeric(auc(r, partial.auc = sp, partial.auc.correct = TRUE)))),
  ci95_bootstrap_20000 = boot)

write_json(list(generator = "tests/oracles/proc_auc.R",
                versions = list(R = R.version.string,
                                pROC = as.character(packageVersion("pROC"))),
                cases = cases, asah_s100b = asah),
           "tests/oracles/proc_auc.json", digits = NA, auto_unbox = TRUE)
