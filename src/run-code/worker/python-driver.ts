/**
 * The Python side of a `python3` run, as source Pyodide runs once per warm worker: sets argv,
 * the environment and the working directory, runs `-c` code, `-m` module or a script as
 * `__main__`, turns SystemExit / KeyboardInterrupt / an uncaught exception into an exit code (with
 * CPython's traceback on stderr), and forgets the workspace's modules afterwards so an edited module
 * is imported afresh by the next run. Plane: runtime worker.
 * @module run-code/worker/python-driver
 */
export const PYTHON_DRIVER = `
import os, runpy, sys, traceback

_dsh_base_modules = set(sys.modules)
_dsh_base_path = list(sys.path)

def _dsh_run(mode, target, argv, cwd, env):
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    sys.argv = list(argv)
    sys.path[:] = [os.path.dirname(os.path.abspath(target)) if mode == 'file' else cwd] + _dsh_base_path
    code = 0
    try:
        if mode == 'code':
            globals_ = {'__name__': '__main__', '__builtins__': __builtins__}
            exec(compile(target, '<string>' if argv[0] == '-c' else '<stdin>', 'exec'), globals_)
        elif mode == 'module':
            runpy.run_module(target, run_name='__main__', alter_sys=True)
        else:
            runpy.run_path(argv[0], run_name='__main__')
    except SystemExit as exit:
        if exit.code is None:
            code = 0
        elif isinstance(exit.code, int):
            code = exit.code & 0xff
        else:
            print(exit.code, file=sys.stderr)
            code = 1
    except KeyboardInterrupt:
        traceback.print_exc()
        code = 130
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:
            pass
        for name in [n for n in sys.modules if n not in _dsh_base_modules]:
            module = sys.modules.get(name)
            if getattr(module, '__file__', None) and not str(module.__file__).startswith(sys.prefix):
                del sys.modules[name]
    return code
`
