;;; mdscheck.el --- Manifests of managed data services, checked through Eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: languages, tools
;; URL: https://github.com/mdscheck/mdscheck

;;; Commentary:

;; Runs the mdscheck language server (`mdscheck lsp') through Eglot in
;; YAML buffers: diagnostics with rule codes (Flymake), completion, hover
;; (ElDoc), quick fixes (`eglot-code-action-quickfix') and an outline
;; (`imenu') for manifests of apiVersion example.io/v1alpha1.  Other YAML
;; stays silent.
;;
;; Emacs 28 needs the packages eglot and yaml-mode (Debian: elpa-eglot and
;; elpa-yaml-mode); Emacs 29 and later have Eglot built in and take
;; yaml-mode or the built-in yaml-ts-mode.  In your init file:
;;
;;   (add-to-list 'load-path "/path/to/mdscheck/editors/emacs")
;;   (require 'mdscheck)
;;   (mdscheck-setup)
;;
;; The server's settings go where Eglot keeps every server's, for example
;;
;;   (setq-default eglot-workspace-configuration
;;                 '(:mdscheck (:unknownFields "warning")))
;;
;; and `M-x eglot-signal-didChangeConfiguration' applies a change at once.
;; docs/editors.md in the repository says more.

;;; Code:

(defvar eglot-server-programs)
(declare-function eglot-ensure "eglot")

(defgroup mdscheck nil
  "Check manifests of managed data services with the mdscheck language server."
  :group 'tools
  :prefix "mdscheck-")

(defcustom mdscheck-program "mdscheck"
  "The mdscheck program: a name looked up in variable `exec-path', or a file.
`go install ./cmd/mdscheck' in a clone of the repository puts it in
$(go env GOPATH)/bin, which an Emacs started from a desktop menu may not
have in variable `exec-path'; then give the whole file name here."
  :type 'string)

(defcustom mdscheck-modes '(yaml-mode yaml-ts-mode)
  "The major modes whose buffers get the server.
Set it before calling `mdscheck-setup'."
  :type '(repeat symbol))

(defun mdscheck--contact (&rest _)
  "Return the command for Eglot to start: `mdscheck-program' lsp.
A function rather than a list, so that a new `mdscheck-program' takes
effect at the next start without calling `mdscheck-setup' again.  Eglot
1.9 passes one argument (whether the start is interactive), newer ones
also the project; neither matters here."
  (list mdscheck-program "lsp"))

(defvar mdscheck--warned nil
  "Whether the user has been told that `mdscheck-program' cannot run.")

(defun mdscheck-eglot-ensure ()
  "Start Eglot with mdscheck for this buffer if the program is there.
If it is not, say once how to get it, rather than have every YAML file
fail to start a server."
  (cond
   ((executable-find mdscheck-program t)
    (eglot-ensure))
   ((not mdscheck--warned)
    (setq mdscheck--warned t)
    (display-warning
     'mdscheck
     (format-message
      "Cannot run `%s': install it with `go install ./cmd/mdscheck' in a clone of https://github.com/mdscheck/mdscheck, or set `mdscheck-program' to its file name"
      mdscheck-program)
     :error))))

;;;###autoload
(defun mdscheck-setup ()
  "Run mdscheck through Eglot in the buffers of `mdscheck-modes'."
  (with-eval-after-load 'eglot
    ;; In front of Eglot's own entry for these modes (yaml-language-server):
    ;; Eglot runs one server per buffer, the first that matches.
    (add-to-list 'eglot-server-programs
                 (cons (mapcar (lambda (mode) (list mode :language-id "yaml"))
                               mdscheck-modes)
                       #'mdscheck--contact)))
  ;; Hooks of modes that do not exist (yaml-ts-mode on Emacs 28) never
  ;; run, so one list serves every version.
  (dolist (mode mdscheck-modes)
    (add-hook (intern (format "%s-hook" mode)) #'mdscheck-eglot-ensure))
  ;; Emacs 29 and 30 map YAML files to yaml-ts-mode only after something
  ;; loads that mode; without the yaml-mode package they would open in
  ;; fundamental-mode, where no hook starts the server.
  (when (and (memq 'yaml-ts-mode mdscheck-modes)
             (not (fboundp 'yaml-mode))
             (fboundp 'treesit-language-available-p)
             (treesit-language-available-p 'yaml))
    (add-to-list 'auto-mode-alist '("\\.ya?ml\\'" . yaml-ts-mode))))

(provide 'mdscheck)

;;; mdscheck.el ends here
